import { TRIAL_DAYS, VAT_RATE } from "@worker/billing/contracts/plans.ts";
import { Link } from "react-router-dom";
import { config } from "../config.ts";
import { LEGAL_CONTACT, LEGAL_UPDATED } from "../legal.ts";
import { PATHS } from "../paths.ts";
import { DocumentTitle } from "../ui/document-title.tsx";

/** The terms of service: the agreement a sign-up accepts, in plain words. */
export function Component() {
  return (
    <article className="narrow prose legal">
      <DocumentTitle>Terms of service · Vox</DocumentTitle>
      <p className="eyebrow">Terms of service</p>
      <h1>The terms of using Vox</h1>
      <p className="lead">
        These terms are the agreement between you and {config.providerName}, who build and operate Vox. By creating an
        account you accept them and our <Link to={PATHS.privacy}>Privacy notice</Link>.
      </p>
      <p className="muted">Last updated {LEGAL_UPDATED.text}.</p>

      <h2>Your account</h2>
      <ul>
        <li>You must be 18 or over, and the details you give must be true and your own.</li>
        <li>
          Keep your password to yourself. You are responsible for what is done with your account; if you think someone
          else has used it, change your password and tell us.
        </li>
        <li>An account is for one person. A team should have an account for each member.</li>
      </ul>

      <h2>Trial, plans and payment</h2>
      <ul>
        <li>
          Once you verify your e-mail address you get a free trial of {TRIAL_DAYS} days. After that the tools need a
          plan; prices are on <Link to={PATHS.pricing}>Pricing</Link>, in naira, and include VAT at {VAT_RATE * 100}%.
        </li>
        <li>
          Payments go through Paystack. A Monthly or Yearly plan renews by charging the same card at the end of each
          period until you turn renewal off in Settings › Billing and plans. If a renewal charge fails we try again for
          a short grace period before the plan lapses.
        </li>
        <li>
          Plans are not refunded for the time left in a period, including when you delete your account, except where the
          law says otherwise.
        </li>
        <li>
          Each plan has limits (live transcription hours, storage, and a fair number of requests an hour); they are on
          Pricing and in Settings.
        </li>
      </ul>

      <h2>Your content</h2>
      <ul>
        <li>
          What you upload, type or record, and what the tools make from it, stays yours. You let us store and process
          it, and pass it to the providers named in the Privacy notice, only to provide the service to you.
        </li>
        <li>
          You must have the right to use what you upload, and the agreement of the people whose voices or words are in
          it where the law needs it.
        </li>
        <li>
          Transcripts, press releases, reports, translations and generated voices are made by AI and can be wrong. Check
          them before you publish or rely on them.
        </li>
      </ul>

      <h2>What you must not do</h2>
      <ul>
        <li>Break the law, or help anyone else break it, with Vox.</li>
        <li>
          Make a voice sound like a real person who has not agreed to it, or pass off generated speech as something a
          real person said.
        </li>
        <li>
          Upload material that is hateful, harassing, sexual content involving minors, or that you have no right to.
        </li>
        <li>
          Try to get into other accounts, overload the service, get round its limits, or copy it by automated means.
        </li>
      </ul>
      <p>
        We may suspend or close an account that breaks these rules, and will tell you why unless the law forbids it.
      </p>

      <h2>Ending your account</h2>
      <p>
        You can delete your account at any time in <Link to={`${PATHS.settings}#account`}>Settings › Account</Link>, and
        download your data there first. What is erased and what is kept is set out in the Privacy notice.
      </p>

      <h2>The service</h2>
      <ul>
        <li>
          We work to keep Vox running and your data safe, but we cannot promise it will never be interrupted; the
          providers it relies on can be unavailable too.
        </li>
        <li>
          As far as the law allows, we are not liable for indirect losses, such as lost profit or reputation, and our
          total liability is limited to what you paid us in the 12 months before the claim. Nothing here limits
          liability that the law does not allow us to limit.
        </li>
        <li>We may change these terms; we change the date at the top and tell account holders by e-mail first.</li>
      </ul>

      <h2>Law and contact</h2>
      <p>
        These terms are governed by the laws of the Federal Republic of Nigeria. Questions:{" "}
        <a href={`mailto:${LEGAL_CONTACT.general}`}>{LEGAL_CONTACT.general}</a>; about your data:{" "}
        <a href={`mailto:${LEGAL_CONTACT.privacy}`}>{LEGAL_CONTACT.privacy}</a>.
      </p>
    </article>
  );
}
