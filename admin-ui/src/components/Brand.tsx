/** The admin's name plate: the mark and "Digital Reeviver Admin". */
export function Brand({ className = '' }: { className?: string }) {
  return (
    <div className={`brand ${className}`.trim()}>
      <span className="brand-mark" aria-hidden="true">
        DR
      </span>
      <span className="brand-name">
        Digital Reeviver <span className="brand-sub">Admin</span>
      </span>
    </div>
  );
}
