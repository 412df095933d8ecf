import * as Tabs from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { STORAGE_KEYS, type StoredUser } from "../api/session.ts";
import { BillingSummary } from "../billing/billing-summary.tsx";
import { PressKitForm } from "../organisation/press-kit-form.tsx";
import { DocumentTitle } from "../ui/document-title.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { lazyWhenShown } from "../ui/lazy-named.ts";
import { useModals } from "../ui/modal-context.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { ViewerNote } from "../workspaces/viewer-note.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { DeleteAccount } from "./delete-account.tsx";
import { DownloadMyData } from "./download-my-data.tsx";
import { PreferencesForm } from "./preferences-form.tsx";
import { ProfileForm } from "./profile-form.tsx";
import { useUser } from "./use-user.ts";

const RecordingsList = lazyWhenShown(() => import("../recordings/recordings-list.tsx"), "RecordingsList");
const ContactsList = lazyWhenShown(() => import("../contacts/contacts-list.tsx"), "ContactsList");
const TeamPanel = lazyWhenShown(() => import("../workspaces/team-panel.tsx"), "TeamPanel");
const SendingDomainPanel = lazyWhenShown(
  () => import("../organisation/sending-domain-panel.tsx"),
  "SendingDomainPanel",
);

const TABS: readonly { id: string; label: string; panel: (user: StoredUser) => ReactNode }[] = [
  {
    id: "profile",
    label: "Profile",
    panel: (user) => (
      <>
        <ProfileForm user={user} />
        {/* Once for the workspace's vocabulary, press kit and sending domain below, not once each. */}
        <ViewerNote />
        <PreferencesForm />
        <PressKitForm />
        <SendingDomainPanel />
      </>
    ),
  },
  { id: "password", label: "Password and authentication", panel: () => <ChangePasswordForm /> },
  { id: "billing", label: "Billing and plans", panel: (user) => <BillingTab user={user} /> },
  { id: "recordings", label: "Recordings", panel: () => <RecordingsList /> },
  { id: "contacts", label: "Contacts", panel: () => <ContactsList /> },
  { id: "team", label: "Team", panel: () => <TeamPanel /> },
  {
    id: "account",
    label: "Account",
    panel: () => (
      <>
        <DownloadMyData />
        <DeleteAccount />
      </>
    ),
  },
];

/**
 * A workspace's plan and billing are its owner's (the Worker refuses them to anyone else): a member
 * acting in someone else's workspace is told so, rather than shown a summary that cannot load.
 */
function BillingTab({ user }: { user: Parameters<typeof BillingSummary>[0]["user"] }) {
  const { workspace, role } = useWorkspace();
  if (role === undefined && localStorage.getItem(STORAGE_KEYS.workspace)) return null;
  if (role !== undefined && role !== "owner") {
    return (
      <p className="billing__members" role="note">
        The plan and billing of {workspace?.name ?? "this workspace"} are its owner's: ask them to change the plan or
        for an invoice. Its live hours, storage and speech allowances are shared by everyone in it.
      </p>
    );
  }
  return <BillingSummary user={user} />;
}

export function Component() {
  const user = useUser();
  const { openModal } = useModals();
  // /pricing's "Manage billing" opens the billing tab.
  const { hash } = useLocation();
  const opening = TABS.find((tab) => `#${tab.id}` === hash)?.id ?? "profile";
  return (
    <section className="narrow">
      <DocumentTitle>Settings · Vox</DocumentTitle>
      <h1>Settings</h1>
      <div data-session-dependent="">
        {user ? (
          <Tabs.Root className="tabs" defaultValue={opening}>
            <Tabs.List className="tabs__list" aria-label="Settings">
              {TABS.map((tab) => (
                <Tabs.Trigger key={tab.id} value={tab.id} className="tabs__trigger">
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Content key={tab.id} value={tab.id} className="panel tabs__panel">
                {tab.panel(user)}
              </Tabs.Content>
            ))}
          </Tabs.Root>
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
      </div>
    </section>
  );
}
