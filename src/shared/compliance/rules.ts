import { z } from 'zod';
import { stateName, US_STATES } from '#shared/accounts/us-states.ts';
import type { ComplianceAttributes } from './attributes.ts';
import {
  ALL_STATES,
  CANNABINOIDS,
  PRODUCT_KINDS,
  RULE_EFFECTS,
  type RuleEffect,
} from './compliance.constants.ts';

const STATE_CODES = new Set<string>(US_STATES.map(([code]) => code));
export const DaySchema = z.iso.date({ message: 'Dates are YYYY-MM-DD.' });

/**
 * Which products a rule is about: every condition given must hold (an empty condition matches
 * every product). A figure test ("over") holds when the figure is over the limit or unknown.
 */
export const RuleConditionSchema = z.object({
  kinds: z.array(z.enum(PRODUCT_KINDS)).max(PRODUCT_KINDS.length).optional(),
  flavoured: z.boolean().optional(),
  synthesised: z.boolean().optional(),
  cannabinoids: z.array(z.enum(CANNABINOIDS)).max(CANNABINOIDS.length).optional(),
  thcMgPerContainerOver: z.number().min(0).max(1_000_000).optional(),
  nicotineMgPerMlOver: z.number().min(0).max(1000).optional(),
});
export type RuleCondition = z.output<typeof RuleConditionSchema>;

export const StatesSchema = z
  .array(z.string().refine((s) => s === ALL_STATES || STATE_CODES.has(s), 'Unknown state code.'))
  .min(1, 'Choose at least one state.')
  .max(60);

/** A state rule as staff write it: where, about what, what it does, from when, on whose word. */
export const RuleBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(160),
    states: StatesSchema,
    condition: RuleConditionSchema,
    effect: z.enum(RULE_EFFECTS),
    effectiveFrom: DaySchema,
    /** The first day it no longer applies; null: until changed. */
    effectiveUntil: DaySchema.nullable(),
    source: z.string().trim().min(1, 'Say where the rule comes from.').max(2000),
  })
  .refine((r) => r.effectiveUntil === null || r.effectiveUntil > r.effectiveFrom, {
    path: ['effectiveUntil'],
    message: 'The end date must be after the start date.',
  });
export type RuleBody = z.output<typeof RuleBodySchema>;

export const RuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  states: z.array(z.string()),
  condition: RuleConditionSchema,
  effect: z.enum(RULE_EFFECTS),
  effectiveFrom: z.string(),
  effectiveUntil: z.string().nullable(),
  source: z.string(),
  retired: z.boolean(),
});
export type Rule = z.output<typeof RuleSchema>;

export function conditionHolds(c: RuleCondition, a: ComplianceAttributes): boolean {
  if (c.kinds && !c.kinds.includes(a.kind)) return false;
  if (c.flavoured !== undefined && a.flavoured !== c.flavoured) return false;
  if (c.synthesised !== undefined && a.synthesised !== c.synthesised) return false;
  if (c.cannabinoids && (a.cannabinoid === null || !c.cannabinoids.includes(a.cannabinoid))) return false;
  if (c.thcMgPerContainerOver !== undefined && !over(a.thcMgPerContainer, c.thcMgPerContainerOver))
    return false;
  if (c.nicotineMgPerMlOver !== undefined && !over(a.nicotineMgPerMl, c.nicotineMgPerMlOver)) return false;
  return true;
}
const over = (value: number | null, limit: number) => value === null || value > limit;

/** In force on `day` (YYYY-MM-DD): from its first day, up to (not including) its end day. */
export const inForce = (r: Pick<Rule, 'effectiveFrom' | 'effectiveUntil' | 'retired'>, day: string) =>
  !r.retired && r.effectiveFrom <= day && (r.effectiveUntil === null || day < r.effectiveUntil);

export const appliesIn = (r: Pick<Rule, 'states'>, state: string) =>
  r.states.includes(ALL_STATES) || r.states.includes(state);

/** Why an option cannot go to a state, in plain words, with the rule behind it. */
export interface Block {
  effect: RuleEffect;
  ruleId: number;
  reason: string;
  source: string;
}

export interface Judgement {
  /** Reasons it cannot go there for this buyer and way of shipping; empty: it can. */
  blocks: Block[];
  /** For a visitor (licenses unknown): licenses a buyer would need. */
  needs: Block[];
}

export interface JudgeInput {
  attributes: ComplianceAttributes;
  productId: number;
  /** The ship-to state: the address's for delivery, the store's own for pickup. */
  state: string;
  shipping: 'Delivery' | 'Pickup';
  /** Today (YYYY-MM-DD). */
  day: string;
  rules: readonly Rule[];
  /** Whether the product is listed in the state's directory. */
  listed: (productId: number, state: string) => boolean;
  /** States whose license the buyer holds, verified and unexpired; null for a visitor. */
  licenceStates: ReadonlySet<string> | null;
}

/** Every rule in force for the state and product, each judged by its effect. */
export function judge(input: JudgeInput): Judgement {
  const { attributes, state, day } = input;
  const blocks: Block[] = [];
  const needs: Block[] = [];
  const name = stateName(state);
  for (const r of input.rules) {
    if (!inForce(r, day) || !appliesIn(r, state) || !conditionHolds(r.condition, attributes)) continue;
    const block = (reason: string): Block => ({ effect: r.effect, ruleId: r.id, reason, source: r.source });
    switch (r.effect) {
      case 'no_sale':
        blocks.push(block(`${r.name}: not sold into ${name}.`));
        break;
      case 'directory_only':
        if (!input.listed(input.productId, state))
          blocks.push(
            block(`${name} allows only products listed in its state directory; this one is not listed.`),
          );
        break;
      case 'licence_required': {
        // A pickup is sold in the store's state, not shipped (decision 014, item 5).
        const b = block(
          input.shipping === 'Pickup'
            ? `Selling this for pickup in ${name} needs your verified tobacco license issued by ${name}.`
            : `Shipping this to ${name} needs your verified tobacco license issued by ${name}.`,
        );
        if (input.licenceStates === null) needs.push(b);
        else if (!input.licenceStates.has(state)) blocks.push(b);
        break;
      }
      case 'no_delivery':
        if (input.shipping === 'Delivery')
          blocks.push(block(`${r.name}: pickup only, no delivery to ${name}.`));
        break;
    }
  }
  return { blocks, needs };
}
