import type { ReactNode, SVGProps } from 'react';

// Line icons on a 24-unit grid, drawn with the current text colour.
const PATHS = {
  menu: <path d="M4 6.5h16M4 12h16M4 17.5h16" />,
  back: <path d="M19 12H5.5M11 5.5 4.5 12l6.5 6.5" />,
  bell: (
    <>
      <path d="M6 16.5v-5.25a6 6 0 0 1 12 0v5.25l1.75 1.75H4.25z" />
      <path d="M10 20.5a2.1 2.1 0 0 0 4 0" />
    </>
  ),
  home: (
    <>
      <path d="m3.5 11 8.5-7.25L20.5 11" />
      <path d="M6 9.25V20h4.25v-5.5h3.5V20H18V9.25" />
    </>
  ),
  communities: (
    <>
      <rect x="3.5" y="3.5" width="7" height="7" rx="2" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="2" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="2" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="2" />
    </>
  ),
  newPost: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <path d="M12 8v8M8 12h8" />
    </>
  ),
  search: (
    <>
      <circle cx="10.75" cy="10.75" r="6.25" />
      <path d="m15.5 15.5 5 5" />
    </>
  ),
  chevronDown: <path d="m6.5 9.5 5.5 5.5 5.5-5.5" />,
  chevronLeft: <path d="m14.5 6.5-5.5 5.5 5.5 5.5" />,
  chevronRight: <path d="m9.5 6.5 5.5 5.5-5.5 5.5" />,
  settings: (
    <>
      <path d="M4 7h9.5M18.5 7H20M4 17h1.5M10.5 17H20" />
      <circle cx="16" cy="7" r="2.5" />
      <circle cx="8" cy="17" r="2.5" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3.25 19.5 6v5.5c0 4.5-3.1 8.1-7.5 9.5-4.4-1.4-7.5-5-7.5-9.5V6z" />
      <path d="m9 12 2.25 2.25L15.5 10" />
    </>
  ),
  moon: <path d="M19.5 14.75A7.75 7.75 0 0 1 9.25 4.5 7.75 7.75 0 1 0 19.5 14.75z" />,
  logout: (
    <>
      <path d="M10 4H6.5A2.5 2.5 0 0 0 4 6.5v11A2.5 2.5 0 0 0 6.5 20H10" />
      <path d="m15 8 4 4-4 4M19 12H9.5" />
    </>
  ),
  close: <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />,
  eye: (
    <>
      <path d="M2.75 12S6.25 5.75 12 5.75 21.25 12 21.25 12 17.75 18.25 12 18.25 2.75 12 2.75 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  eyeOff: (
    <>
      <path d="M9.9 6a9.6 9.6 0 0 1 2.1-.25c5.75 0 9.25 6.25 9.25 6.25a16 16 0 0 1-2.6 3.3M14.1 14.2A3 3 0 0 1 9.8 9.9M6.6 7.6C4.2 9.2 2.75 12 2.75 12S6.25 18.25 12 18.25c1.6 0 3-.5 4.2-1.2" />
      <path d="m4 4 16 16" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="8.75" />
      <path d="M12 11v5.25M12 7.75v.01" />
    </>
  ),
  offline: (
    <>
      <path d="M7.5 18.5h9.75a4 4 0 0 0 1.3-7.8M15.6 7.1A6 6 0 0 0 6.4 9.4a4.6 4.6 0 0 0 .3 9.05" />
      <path d="m3.5 3.5 17 17" />
    </>
  ),
  warning: (
    <>
      <path d="M12 4 21 19.5H3z" />
      <path d="M12 10v4.25M12 16.75v.01" />
    </>
  ),
  book: (
    <>
      <path d="M5 5a1.75 1.75 0 0 1 1.75-1.75H19V17.5H6.75A1.75 1.75 0 0 0 5 19.25z" />
      <path d="M5 19.25A1.75 1.75 0 0 0 6.75 21H19" />
    </>
  ),
  document: (
    <>
      <path d="M6 3.25h8.25L18.5 7.5v13.25H6z" />
      <path d="M14 3.5v4.25h4.25M9 12.25h6M9 16h6" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10.75" width="14" height="9.75" rx="2.25" />
      <path d="M8.25 10.75V8a3.75 3.75 0 0 1 7.5 0v2.75" />
    </>
  ),
  mail: (
    <>
      <rect x="3.25" y="5.25" width="17.5" height="13.5" rx="2.25" />
      <path d="m4 6.75 8 6.25 8-6.25" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="8.75" />
      <path d="M3.5 12h17M12 3.25c2.4 2.4 3.6 5.3 3.6 8.75s-1.2 6.35-3.6 8.75C9.6 18.35 8.4 15.45 8.4 12S9.6 5.65 12 3.25z" />
    </>
  ),
  list: <path d="M9 6.5h11M9 12h11M9 17.5h11M4.5 6.5h.01M4.5 12h.01M4.5 17.5h.01" />,
  refresh: (
    <>
      <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" />
      <path d="M19.75 4.5v4.25H15.5" />
    </>
  ),
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  download: (
    <>
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5" />
      <path d="M5 19.5h14" />
    </>
  ),
  arrowUp: <path d="M12 19.5V5M5.75 11.25 12 5l6.25 6.25" />,
  arrowDown: <path d="M12 4.5V19M5.75 12.75 12 19l6.25-6.25" />,
  comment: <path d="M4.5 6.75A2.25 2.25 0 0 1 6.75 4.5h10.5a2.25 2.25 0 0 1 2.25 2.25v7.5a2.25 2.25 0 0 1-2.25 2.25H10l-4.25 3.5V16.5h-1.25z" />,
  more: (
    <>
      <circle cx="5.5" cy="12" r="1.1" fill="currentColor" />
      <circle cx="12" cy="12" r="1.1" fill="currentColor" />
      <circle cx="18.5" cy="12" r="1.1" fill="currentColor" />
    </>
  ),
  pin: (
    <>
      <path d="M9 3.75h6M10 3.75v5.5L6.75 13.5h10.5L14 9.25v-5.5" />
      <path d="M12 13.5v6.75" />
    </>
  ),
  externalLink: (
    <>
      <path d="M13.5 4.5h6v6M19.5 4.5 11 13" />
      <path d="M17.5 14v4.25a1.75 1.75 0 0 1-1.75 1.75h-10A1.75 1.75 0 0 1 4 18.25v-10A1.75 1.75 0 0 1 5.75 6.5H10" />
    </>
  ),
  link: (
    <>
      <path d="M10.25 13.75a3.75 3.75 0 0 0 5.3 0l3-3a3.75 3.75 0 0 0-5.3-5.3l-1 1" />
      <path d="M13.75 10.25a3.75 3.75 0 0 0-5.3 0l-3 3a3.75 3.75 0 0 0 5.3 5.3l1-1" />
    </>
  ),
  images: (
    <>
      <rect x="3.5" y="5" width="17" height="14" rx="2.5" />
      <circle cx="9" cy="10" r="1.6" />
      <path d="m20.5 15.5-4.75-4.5L6 19" />
    </>
  ),
  mute: (
    <>
      <path d="M4.5 9.5h3l4.5-4v13l-4.5-4h-3z" />
      <path d="m16 9.5 5 5M21 9.5l-5 5" />
    </>
  ),
  unmute: (
    <>
      <path d="M4.5 9.5h3l4.5-4v13l-4.5-4h-3z" />
      <path d="M15.75 9a4.25 4.25 0 0 1 0 6M18.25 6.5a7.75 7.75 0 0 1 0 11" />
    </>
  ),
  camera: (
    <>
      <path d="M4 8.25A1.75 1.75 0 0 1 5.75 6.5h2.5l1.5-2h4.5l1.5 2h2.5A1.75 1.75 0 0 1 20 8.25v9.5a1.75 1.75 0 0 1-1.75 1.75H5.75A1.75 1.75 0 0 1 4 17.75z" />
      <circle cx="12" cy="12.75" r="3.5" />
    </>
  ),
  trash: (
    <>
      <path d="M4.5 6.75h15M9.5 6.5V4.75h5V6.5" />
      <path d="M6.5 6.75 7.4 20h9.2l.9-13.25M10 10.5v6M14 10.5v6" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  upload: (
    <>
      <path d="M12 15.5v-11M7.5 9 12 4.5 16.5 9" />
      <path d="M5 19.5h14" />
    </>
  ),
  layoutCards: (
    <>
      <rect x="4" y="3.5" width="16" height="7.5" rx="2" />
      <rect x="4" y="13" width="16" height="7.5" rx="2" />
    </>
  ),
  layoutCompact: <path d="M4 5.5h16M4 10h16M4 14.5h16M4 19h16" />,
  calendar: (
    <>
      <rect x="3.75" y="5" width="16.5" height="15" rx="2.25" />
      <path d="M3.75 9.75h16.5M8 3v3.5M16 3v3.5" />
    </>
  ),
  sort: <path d="M7 4.5v15M3.75 16.25 7 19.5l3.25-3.25M17 19.5v-15M13.75 7.75 17 4.5l3.25 3.25" />,
  bookmark: <path d="M6.5 4.5h11v15.25L12 15.5l-5.5 4.25z" />,
  flag: (
    <>
      <path d="M5.5 20.5v-16" />
      <path d="M5.5 4.5h11.25l-2.5 4.25 2.5 4.25H5.5" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
}

/** A decorative icon: hidden from assistive technology, so its control needs its own label. */
export function Icon({ name, size = 20, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon"
      {...props}
    >
      {PATHS[name]}
    </svg>
  );
}
