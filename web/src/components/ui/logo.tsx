/** The Quorum mark: a "Q" whose bowl holds the three dots of a conversation. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 512 512" width={size} height={size} aria-hidden="true" focusable="false" className="logo-mark">
      <rect width="512" height="512" rx="116" fill="var(--brand)" />
      <g transform="translate(36 36) scale(0.86)">
        <g fill="none" stroke="#fff" strokeLinecap="round" strokeWidth="50">
          <circle cx="248" cy="244" r="128" />
          <path d="M300 298 L388 386" />
        </g>
        <g fill="#fff">
          <circle cx="196" cy="236" r="20" />
          <circle cx="248" cy="236" r="20" />
          <circle cx="300" cy="236" r="20" />
        </g>
      </g>
    </svg>
  );
}
