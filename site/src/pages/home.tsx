import { Languages, LockKeyhole, Wallet } from "lucide-react";
import { Link } from "react-router-dom";
import { useGetStarted } from "../app/use-get-started.ts";
import { PATHS } from "../paths.ts";
import { TOOLS } from "../tools/catalog.ts";
import { ToolName } from "../tools/tool-name.tsx";
import { DocumentTitle } from "../ui/document-title.tsx";
import { FullPageSpinner } from "../ui/full-page-spinner.tsx";

const REASONS = [
  {
    icon: Wallet,
    title: "Priced in naira",
    text: "Pay by card or bank in naira through Paystack. No dollar card, no surprise exchange rates.",
  },
  {
    icon: Languages,
    title: "Made for how we speak",
    text: "Built and tested with Nigerian voices, names and newsroom vocabulary, for audiences at home and abroad.",
  },
  {
    icon: LockKeyhole,
    title: "Your audio stays yours",
    text: "Recordings and results are kept private to your account, and you can delete them whenever you like.",
  },
];

export function Component() {
  const { pending, getStarted } = useGetStarted();
  return (
    <>
      <DocumentTitle>Vox: voice AI for communicators</DocumentTitle>
      <section className="hero">
        <p className="eyebrow">Voice AI for PR, media and education</p>
        <h1 className="hero__title">
          Give every message a <span className="hero__accent">voice</span>.
        </h1>
        <p className="hero__lead">
          Vox turns speech into finished work and text into natural speech: voice-overs, live transcripts, sentiment
          reports and press releases, ready in minutes instead of days.
        </p>
        <div className="button-row">
          <button type="button" className="button button--primary button--large" onClick={getStarted}>
            Get Started
          </button>
          <Link to={PATHS.watchDemo} className="button button--ghost button--large">
            Watch Demo Video
          </Link>
        </div>
        <p className="hero__note">Free for your first 2 days. Plans from ₦10,000 a month.</p>
      </section>

      <section className="section" aria-labelledby="home-tools">
        <h2 id="home-tools" className="section__title">
          Six tools, one subscription
        </h2>
        <ul className="tile-grid">
          {TOOLS.map((tool) => (
            <li key={tool.id}>
              <Link to={tool.path} className="tile">
                <tool.icon aria-hidden="true" size={24} />
                <span className="tile__name">
                  <ToolName tool={tool} />
                </span>
                <span className="tile__pitch">{tool.pitch}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="home-why">
        <h2 id="home-why" className="section__title">
          Why teams choose Vox
        </h2>
        <ul className="reason-grid">
          {REASONS.map((reason) => (
            <li key={reason.title} className="reason">
              <reason.icon aria-hidden="true" size={24} />
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>
      {pending && <FullPageSpinner label="Opening solutions" />}
    </>
  );
}
