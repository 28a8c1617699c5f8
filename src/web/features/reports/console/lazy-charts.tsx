import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * The charts, loaded when a page first draws one: the chart library is the console's largest part,
 * and a role that sees no chart (the warehouse's dashboard) never downloads it. Until it comes, the
 * chart's room is kept so the table beside it does not jump.
 */
const Lines = lazy(() => import('./chart.tsx').then((m) => ({ default: m.LinesChart })));
const Bars = lazy(() => import('./chart.tsx').then((m) => ({ default: m.BarsChart })));

type LinesProps = ComponentProps<typeof Lines>;
type BarsProps = ComponentProps<typeof Bars>;

const Room = ({ height }: { height: number }) => <div style={{ minHeight: height }} aria-hidden />;

export function LinesChart(props: LinesProps) {
  return (
    <Suspense fallback={<Room height={280} />}>
      <Lines {...props} />
    </Suspense>
  );
}

export function BarsChart(props: BarsProps) {
  return (
    <Suspense fallback={<Room height={Math.max(160, props.data.length * 40 + 64)} />}>
      <Bars {...props} />
    </Suspense>
  );
}
