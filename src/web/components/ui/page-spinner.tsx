/** A page's place while it loads: a spinner screen readers announce as "Loading". */
export function PageSpinner() {
  return (
    <div className="flex justify-center py-24" role="status" aria-label="Loading">
      <span className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-gray-900" />
    </div>
  );
}
