export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="zd-brandmark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="var(--zd-brand)" />
      <path d="M18 20h28l-20 24h20" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
