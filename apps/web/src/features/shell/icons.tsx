// Small inline icons: decorative (aria-hidden), since every control that shows one has a text label.
const common = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24' } as const;

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <circle cx="12" cy="12" r="12" fill="currentColor" />
      {/* A pushpin: our own mark, not a borrowed one. */}
      <circle cx="12" cy="9.5" r="4" fill="#fff" />
      <path d="M11 13h2l-.6 6.5h-.8z" fill="#fff" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg {...common} width="16" height="16">
      <path
        d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z"
        fill="currentColor"
      />
    </svg>
  );
}

export function PlusIcon() {
  return (
    <svg {...common} width="20" height="20">
      <path d="M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z" fill="currentColor" />
    </svg>
  );
}

export function BellIcon() {
  return (
    <svg {...common} width="24" height="24">
      <path
        d="M12 2a6 6 0 0 1 6 6v4.5l2 3V17H4v-1.5l2-3V8a6 6 0 0 1 6-6zm-2.5 16h5a2.5 2.5 0 0 1-5 0z"
        fill="currentColor"
      />
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg {...common} width="16" height="16">
      <path d="M5.3 8.3 12 15l6.7-6.7 1.4 1.4L12 17.8 3.9 9.7z" fill="currentColor" />
    </svg>
  );
}

export function ChatIcon() {
  return (
    <svg {...common} width="24" height="24">
      <path
        d="M12 3c5 0 9 3.6 9 8s-4 8-9 8c-1 0-2-.1-2.9-.4L4 20.5l1.3-4A7.6 7.6 0 0 1 3 11c0-4.4 4-8 9-8zm-4 7a1.3 1.3 0 1 0 0 2.6A1.3 1.3 0 0 0 8 10zm4 0a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6zm4 0a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6z"
        fill="currentColor"
      />
    </svg>
  );
}
