import logoUrl from '../../../public/logo.svg';

/** The product logo (public/logo.svg, emitted by webpack with a content hash). */
export function Logo({ width = 260, className }: { width?: number; className?: string }) {
  return (
    <img
      src={logoUrl}
      alt="Soil LIMS"
      width={width}
      height={Math.round((width * 72) / 260)}
      className={className}
      style={{ maxWidth: '100%', height: 'auto' }}
    />
  );
}
