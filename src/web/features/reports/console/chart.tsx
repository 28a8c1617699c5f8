import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  type LabelProps,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';

/**
 * The console's charts (decision 018), the only module that imports the chart library. Only
 * lazy-charts.tsx imports it, lazily, from console pages the router itself loads lazily: the
 * storefront never downloads it, nor does a console page until it draws a chart. Every chart comes with its title, a sentence saying what it shows and the table of
 * its numbers (chart-figure.tsx); the chart's own SVG is named by the same title and sentence, is
 * reached by Tab, and its arrow keys step through the points (the library's accessibility layer).
 */

/** Series colours, each at least 4.5:1 against white; the period before is also dashed or paler. */
export const TONES = {
  now: '#1d4ed8',
  before: '#4b5563',
  warn: '#b45309',
  good: '#047857',
} as const;

export interface ChartSeries {
  key: string;
  name: string;
  tone: keyof typeof TONES;
  /** A dashed line (the period before), so the series differ in more than colour. */
  dashed?: boolean;
  /** Bars of series with the same stack share one slot (each row has a value in only one). */
  stack?: string;
}

type Row = Record<string, string | number>;

interface CommonProps {
  /** The SVG's name and description: the figure's heading and summary. */
  title: string;
  summary: string;
  data: Row[];
  series: ChartSeries[];
  /** A value as the tooltip says it ("$1,234.00"). */
  value: (n: number) => string;
  /** A value as the axis says it, short ("$1.2k"). */
  axis: (n: number) => string;
}

/** Below this width (a phone) the axes carry fewer ticks and less room. */
const NARROW = 480;
const TICK = { fontSize: 12, fill: '#374151' };
const FOCUS =
  '[&_svg:focus-visible]:outline-2 [&_svg:focus-visible]:outline-offset-2 [&_svg:focus-visible]:outline-blue-700';

/** The width the chart has, followed as the page resizes (0 until measured: nothing drawn yet). */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(Math.floor(el.clientWidth));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function tooltip(series: ChartSeries[], value: (n: number) => string, label?: (l: string) => string) {
  return (
    <Tooltip
      // The series in their own order (this period, then the one before), not by name.
      itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)}
      formatter={(v) => value(Number(v))}
      labelFormatter={(l) => (label ? label(String(l)) : String(l))}
      contentStyle={{ borderRadius: 8, borderColor: '#9ca3af', fontSize: 13 }}
      labelStyle={{ color: '#111827', fontWeight: 600 }}
    />
  );
}

/**
 * Figures over time, one line per series (this period solid, the period before dashed), the
 * x axis thinned to fit: a phone shows a few dates, a desk more.
 */
export function LinesChart({
  xKey,
  tick,
  label,
  ...p
}: CommonProps & {
  xKey: string;
  /** An x value as the axis says it ("Nov 23") and as the tooltip does ("Nov 23, 2026"). */
  tick: (x: string) => string;
  label: (x: string) => string;
}) {
  const [ref, width] = useWidth();
  const narrow = width < NARROW;
  const height = narrow ? 220 : 280;
  return (
    <div ref={ref} className={`w-full ${FOCUS}`} style={{ minHeight: height }}>
      {width > 0 && (
        <LineChart
          width={width}
          height={height}
          data={p.data}
          title={p.title}
          desc={p.summary}
          accessibilityLayer
          tabIndex={0}
          margin={{ top: 8, right: narrow ? 8 : 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="#e5e7eb" vertical={false} />
          <XAxis
            dataKey={xKey}
            tickFormatter={(x) => tick(String(x))}
            tick={TICK}
            interval="preserveStartEnd"
            minTickGap={narrow ? 32 : 20}
            tickMargin={6}
          />
          <YAxis
            tickFormatter={(v) => p.axis(Number(v))}
            tick={TICK}
            width={narrow ? 48 : 64}
            tickCount={narrow ? 4 : 6}
            allowDecimals={false}
          />
          {tooltip(p.series, p.value, label)}
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: '#111827' }} />
          {p.series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stroke={TONES[s.tone]}
              strokeWidth={s.dashed ? 2 : 2.5}
              strokeDasharray={s.dashed ? '6 4' : undefined}
              dot={p.data.length <= 31 && !narrow ? { r: 2.5 } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </div>
  );
}

/**
 * A name cut to `chars` in the middle, one line: its start and its end both show ("Tidepool Gla…
 * Smoke Grey"), as an option's name ends with what tells it from its neighbours. The tooltip and
 * the table have it whole.
 */
export function middleCut(name: string, chars: number): string {
  if (name.length <= chars) return name;
  const head = Math.ceil((chars - 1) / 2);
  return `${name.slice(0, head).trimEnd()}…${name.slice(name.length - (chars - 1 - head)).trimStart()}`;
}

/**
 * Figures of named things (a category, an option) as bars across, one bar per series: the names
 * down the side on a desk, over each bar on a phone (where the side has no room), cut in the
 * middle when long (the tooltip and the table have them whole).
 */
export function BarsChart({
  nameKey,
  ...p
}: CommonProps & {
  nameKey: string;
}) {
  const [ref, width] = useWidth();
  const narrow = width < NARROW;
  const slots = new Set(p.series.map((s) => s.stack ?? s.key)).size;
  // On a phone each row has a line for its name over the bars.
  const row = (slots > 1 ? 40 : 30) + (narrow ? 18 : 0);
  const height = Math.max(160, p.data.length * row + 64);
  const room = narrow ? 0 : 200;
  // About 6.5 px a character at 12 px: what fits on one line beside the bars, or across them.
  const chars = Math.floor(((narrow ? width - 24 : room) - 16) / 6.5);
  // From the plot's left edge (the margin; the hidden axis takes no room), wherever the bar starts.
  const nameOver = ({ y, value }: LabelProps) => (
    <text x={12} y={Number(y) - 5} fontSize={TICK.fontSize} fill={TICK.fill}>
      {middleCut(String(value), chars)}
    </text>
  );
  return (
    <div ref={ref} className={`w-full ${FOCUS}`} style={{ minHeight: height }}>
      {width > 0 && (
        <BarChart
          width={width}
          height={height}
          data={p.data}
          layout="vertical"
          title={p.title}
          desc={p.summary}
          accessibilityLayer
          tabIndex={0}
          margin={{ top: narrow ? 16 : 4, right: narrow ? 12 : 16, bottom: 0, left: narrow ? 12 : 0 }}
        >
          <CartesianGrid stroke="#e5e7eb" horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={(v) => p.axis(Number(v))}
            tick={TICK}
            tickCount={narrow ? 3 : 5}
            allowDecimals={false}
          />
          <YAxis
            type="category"
            dataKey={nameKey}
            hide={narrow}
            width={room}
            tick={({ x, y, payload }: YAxisTickContentProps) => (
              <text x={x} y={y} dy={4} textAnchor="end" fontSize={TICK.fontSize} fill={TICK.fill}>
                {middleCut(String(payload.value), chars)}
              </text>
            )}
            interval={0}
          />
          <ReferenceLine x={0} stroke="#6b7280" />
          {tooltip(p.series, p.value)}
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: '#111827' }} />
          {p.series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={TONES[s.tone]}
              fillOpacity={s.dashed ? 0.75 : 1}
              stackId={s.stack}
              maxBarSize={18}
              isAnimationActive={false}
            >
              {narrow && i === 0 && <LabelList dataKey={nameKey} content={nameOver} />}
            </Bar>
          ))}
        </BarChart>
      )}
    </div>
  );
}
