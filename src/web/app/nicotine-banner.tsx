/** SPEC §1: a fixed banner warns that products may contain nicotine. */
export function NicotineBanner() {
  return (
    <p className="bg-black px-3 py-1.5 text-center text-[11px] font-bold uppercase leading-tight tracking-wide text-white sm:text-xs">
      Warning: products on this site may contain nicotine. Nicotine is an addictive chemical.
    </p>
  );
}
