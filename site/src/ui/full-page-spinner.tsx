export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
