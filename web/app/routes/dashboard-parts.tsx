import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  icon,
  tone = 'green',
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone?: 'green' | 'gold' | 'blue' | 'red';
}) {
  return (
    <div className={`card stat-card tone-${tone}`}>
      <div className="stat-icon">{icon}</div>
      <div>
        <p className="stat-label">{label}</p>
        <p className="stat-value">{value}</p>
      </div>
    </div>
  );
}

export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="stat-grid" aria-label={label}>
      {children}
    </section>
  );
}

export function ComingSoon({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <div className="card empty-state">
      <div className="empty-icon">{icon}</div>
      <h3>{title}</h3>
      <p className="muted">{text}</p>
      {action}
    </div>
  );
}
