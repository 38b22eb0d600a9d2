/** Placeholder cards while a list loads (spec: six of them). */
export function SkeletonCards({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div className="card-grid" aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="card skeleton-card" data-testid="skeleton" aria-hidden="true">
          <div className="skeleton skeleton-line" style={{ width: '35%' }} />
          <div className="skeleton skeleton-line skeleton-title" style={{ width: '80%' }} />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line" style={{ width: '90%' }} />
          <div className="skeleton skeleton-line" style={{ width: '50%' }} />
        </div>
      ))}
    </div>
  );
}
