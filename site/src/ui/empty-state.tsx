import type { ReactNode } from "react";

export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">{title}</h2>
      <p>{children}</p>
      {action}
    </div>
  );
}
