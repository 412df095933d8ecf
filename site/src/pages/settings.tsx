import { useStoredUser } from "../account/session.ts";
import { useModals } from "../app/modals.tsx";
import { EmptyState } from "../ui/empty-state.tsx";

export function Component() {
  const user = useStoredUser();
  const { openModal } = useModals();
  return (
    <section className="narrow">
      <title>Settings · Vox</title>
      <h1>Settings</h1>
      {user ? (
        <dl className="panel details">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email ?? "Not Available"}</dd>
        </dl>
      ) : (
        <EmptyState
          title="Log in to manage your account"
          action={
            <button type="button" className="button button--primary" onClick={() => openModal("login")}>
              Login
            </button>
          }
        >
          Your profile, password, plan and billing live here once you are signed in.
        </EmptyState>
      )}
    </section>
  );
}
