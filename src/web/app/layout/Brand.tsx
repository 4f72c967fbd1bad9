/** The 易管 mark: a rounded square with 易, optionally followed by the name. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <span
      className="yg-mark"
      style={{ width: size, height: size, fontSize: size * 0.56, borderRadius: size * 0.24 }}
      aria-hidden
    >
      易
    </span>
  );
}
