export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b80ff" />
          <stop offset="1" stopColor="#4cc9f0" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="9" fill="url(#logo-g)" />
      <ellipse
        cx="16"
        cy="16"
        rx="15"
        ry="5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        transform="rotate(-20 16 16)"
      />
      <circle cx="27" cy="7" r="1.4" fill="currentColor" />
    </svg>
  )
}
