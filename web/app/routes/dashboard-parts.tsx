import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The tab a dashboard shows, and its setter: `opened` when the dashboard names one, else the one
 * `?tab=` asks for when it is one of `tabs` (the link in an SMS, the home screen), else the first.
 */
export function useDashboardTab<T extends string>(tabs: readonly [T, ...T[]], opened?: T) {
  const [params] = useSearchParams();
  const requested = params.get('tab') as T | null;
  return useState<T>(opened ?? (requested && tabs.includes(requested) ? requested : tabs[0]));
}

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
  // An amount ("GHS 12,000.00") is longer than a count: it gets a size that fits the card.
  const long = typeof value === 'string' && value.length > 8;
  return (
    <div className={`card stat-card tone-${tone}`}>
      <div className="stat-icon">{icon}</div>
      <div>
        <p className="stat-label">{label}</p>
        <p className={long ? 'stat-value stat-value-long' : 'stat-value'}>{value}</p>
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
