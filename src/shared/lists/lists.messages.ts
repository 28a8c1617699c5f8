/** What buyers read about their saved lists. */
export const LIST_LIMITS = { lists: 50, items: 500, name: 60 } as const;

export const listMessages = {
  nameRequired: 'Enter a name for the list.',
  nameTooLong: `A list name is at most ${LIST_LIMITS.name} characters.`,
  nameTaken: (name: string) => `You already have a list named ${name}.`,
  tooManyLists: `You can keep up to ${LIST_LIMITS.lists} lists: delete one you no longer use first.`,
  tooManyItems: `A list holds up to ${LIST_LIMITS.items} items.`,
  notFound: 'List not found',
  itemNotFound: 'This item is not on the list',
  variantNotFound: 'This product option is no longer available',
  created: (name: string) => `List ${name} created.`,
  saved: (n: number, name: string) => `Saved ${n} item${n === 1 ? '' : 's'} to ${name}.`,
  renamed: 'List renamed.',
  deleted: (name: string) => `List ${name} deleted.`,
  removed: 'Removed from the list.',
  quantityChanged: 'Quantity changed.',
  empty: 'This list is empty: add items from a product page, your cart or an order.',
} as const;
