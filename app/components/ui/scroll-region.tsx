// A box that scrolls sideways when its table is wider than the screen (a phone). It takes the
// keyboard's focus so its hidden columns can be scrolled to without a mouse (WCAG 2.1.1), and
// is a named region so the focus stop says what it holds (docs/decisions/151).
export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${className}`}
    >
      {children}
    </div>
  );
}
