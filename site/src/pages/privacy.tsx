import { Link } from "react-router-dom";
import { config } from "../config.ts";
import { LEGAL_CONTACT, LEGAL_UPDATED, NDPC_URL } from "../legal.ts";
import { PATHS } from "../paths.ts";
import { DocumentTitle } from "../ui/document-title.tsx";

/**
 * The privacy notice (Nigeria Data Protection Act 2023), written from what the product keeps: the
 * "Deleting an account" section of docs/accounts.md and the tables in worker/migrations.
 * A change to what is kept or for how long changes this page too.
 */
export function Component() {
  return (
    <article className="narrow prose legal">
      <DocumentTitle>Privacy notice · Vox</DocumentTitle>
      <p className="eyebrow">Privacy notice</p>
      <h1>How Vox looks after your data</h1>
      <p className="lead">
        This notice says what Vox keeps about you, why, for how long, where, who else handles it, and how to see,
        correct, take away or erase it. It follows the Nigeria Data Protection Act 2023 (NDPA).
      </p>
      <p className="muted">Last updated {LEGAL_UPDATED.text}.</p>

      <h2>Who we are</h2>
      <p>
        Vox is built and operated by {config.providerName}, the data controller for the personal data described here.
        Our data protection officer answers at <a href={`mailto:${LEGAL_CONTACT.privacy}`}>{LEGAL_CONTACT.privacy}</a>.
        For anything else, write to <a href={`mailto:${LEGAL_CONTACT.general}`}>{LEGAL_CONTACT.general}</a>.
      </p>

      <h2>What we keep, and for how long</h2>
      <h3>Your account</h3>
      <ul>
        <li>
          Your name, e-mail address, phone number and organisation name, when you signed up, when you verified your
          e-mail, and your trial and plan dates. Kept while your account exists.
        </li>
        <li>
          Your password only as an Argon2id hash: nobody at Vox can read it. Sign-in sessions last 30 days; one-time
          codes 10 minutes; both are kept only as hashes.
        </li>
        <li>
          A browser you signed in from gets one cookie, <code>vox_device</code>, so that strangers guessing your
          password cannot lock you out. It lasts a year and we keep only a hash of it. We set no advertising or
          analytics cookies. Your browser also keeps your session in its own storage until you log out.
        </li>
        <li>
          Your language, the vocabulary you add and your press kit (organisation description, spokespeople and media
          contact). Kept until you change them or delete your account. If you name other people in your press kit, make
          sure they agree.
        </li>
      </ul>

      <h3>What you make with the tools</h3>
      <ul>
        <li>
          <strong>Vox Speaks and VoxOver:</strong> the audio we generate, the voice, the first 140 characters of the
          text and its length. The recording you upload to VoxOver is sent to the voice provider and not kept by Vox.
          Kept until you delete the item or your account.
        </li>
        <li>
          <strong>VoxRelease and Vox Sentiment:</strong> the recording you upload, the press release with every saved
          version, and the sentiment report. Kept until you delete them or your account. A small file analysed on the
          spot is kept beside its report, so the report can play it, while it fits your plan's storage; deleting the
          report deletes it.
        </li>
        <li>
          <strong>Large uploads:</strong> an upload that is unfinished, or finished but not used by a tool, is deleted
          24 hours after its last activity. Links the transcription providers use to fetch a recording expire after 2
          hours.
        </li>
        <li>
          <strong>VoxScribe (live transcription):</strong> the sound from your microphone is streamed to the
          transcription provider and not recorded by Vox. The transcript text, its times, any caption translations and
          the minutes used each month are kept until you delete the transcript or your account. For a caption link we
          keep when it was made and stopped.
        </li>
      </ul>

      <h3>Teams and media lists</h3>
      <ul>
        <li>
          When a workspace owner or admin invites someone we keep the e-mail address, the role and when the invitation
          expires (7 days), and e-mail them the link. Members work on the workspace's work; it stays the workspace's.
        </li>
        <li>
          A workspace's audit log keeps who did what (their name and e-mail as they were then, the action and what it
          concerned) for a year, for its owner and admins. When a member deletes their account, their entries read "A
          former member".
        </li>
        <li>
          The journalists on a media list: name, e-mail, outlet, beat, phone, tags, when they agreed to receive releases
          and any unsubscribe. The workspace keeps their agreement on record; every release e-mail lets them unsubscribe
          in one click. Kept until removed from the list or the account is deleted.
        </li>
      </ul>

      <h3>Payments</h3>
      <ul>
        <li>
          Paystack takes your card details; Vox never sees the full card number. We keep each order (reference, plan,
          amount, dates) and, for renewals, the card brand, last four digits, expiry and the code Paystack gives us to
          charge it, with the e-mail it was made for.
        </li>
        <li>
          Paid orders are our accounting records. When you delete your account they stay, with the link to you removed,
          for as long as Nigerian tax law requires us to keep accounting records (six years). Paystack keeps its own
          record of the payment under its own rules.
        </li>
      </ul>

      <h3>Messages and security records</h3>
      <ul>
        <li>
          Consultation and contact requests (name, e-mail, phone, company, message) are e-mailed to our team and kept so
          we can answer. They are not linked to an account, so deleting an account does not remove them; ask{" "}
          {LEGAL_CONTACT.privacy} and we will.
        </li>
        <li>
          We e-mail codes, notices and receipts through our mail provider and keep no copy of them. A delivery that
          fails is logged with the address, and Cloudflare keeps such logs for up to 7 days.
        </li>
        <li>
          To stop password guessing and abuse we count attempts by network address and e-mail address; the counters last
          an hour at most, and failed code guesses 24 hours.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To provide the service you signed up for: your account, the tools and your plan (contract).</li>
        <li>To keep accounting records of payments (legal obligation).</li>
        <li>To keep accounts and the service safe from abuse (legitimate interest).</li>
        <li>To answer a consultation or contact request you send (your request, with your consent).</li>
      </ul>
      <p>We do not sell your data, and we do not use your recordings or texts to train AI models.</p>

      <h2>Where your data lives and who handles it</h2>
      <p>
        Vox runs on Cloudflare: its Workers run the service, D1 holds the database and R2 holds audio files. Cloudflare
        may store and process data outside Nigeria. Each provider below receives only what its task needs, as our data
        processor:
      </p>
      <ul>
        <li>
          <strong>Cloudflare</strong> (United States; global network): hosting, database, file storage and logs.
        </li>
        <li>
          <strong>ElevenLabs</strong>: English text you turn into speech, and recordings you convert to another voice.
        </li>
        <li>
          <strong>Deepgram</strong>: English live microphone audio for VoxScribe, English recordings for sentiment
          reports, and the English text of other languages' transcripts for their reports.
        </li>
        <li>
          <strong>AssemblyAI</strong>: English recordings for press releases, and every release's transcript, from which
          its language model writes the release. We delete its transcript when you delete the release or your account;
          it then keeps only a stub marked deleted.
        </li>
        <li>
          <strong>Spitch</strong> (Nigeria): text and recordings in Yorùbá, Hausa, Igbo and Naijá, for speech,
          transcription, translation and tone marks, and live captions you have translated.
        </li>
        <li>
          <strong>Paystack</strong> (Nigeria): payments and renewals.
        </li>
        <li>
          <strong>Our mail provider</strong>: your e-mail address and the messages we send you.
        </li>
      </ul>
      <p>
        The voice assistant demo on <Link to={PATHS.developers}>Developers</Link> sends your voice to the assistant
        provider and its calling service (Daily) for the length of the call; Vox keeps nothing of it. Vox Shield shows
        an outside deepfake detector in a frame: what you give it goes to that service, under its own terms.
      </p>
      <p>
        When data leaves Nigeria we rely on the safeguards the NDPA sets for transfers (sections 41 to 43), including
        the providers' data processing terms.
      </p>

      <h2>Your rights</h2>
      <p>Under the NDPA you have the right to:</p>
      <ul>
        <li>
          <strong>Access</strong> your data and <strong>take it with you</strong> (portability):{" "}
          <Link to={`${PATHS.settings}#account`}>Settings › Account</Link> › Download my data gives a JSON file of
          everything your account holds, and Download my files gives your stored audio as a zip, with what you made in
          the other workspaces you belong to.
        </li>
        <li>
          <strong>Correct</strong> it: change your language, vocabulary and press kit in Settings; for your name, e-mail
          or phone, write to us.
        </li>
        <li>
          <strong>Erase</strong> it: delete single items in each tool, or your whole account in Settings › Account ›
          Delete account. What is erased at once and what is kept is set out above.
        </li>
        <li>
          <strong>Object</strong> to, or ask us to restrict, how we use it, and not to be subject to decisions made only
          by automated means.
        </li>
        <li>
          <strong>Withdraw your consent</strong> at any time, where we rely on it; this does not affect what was done
          before.
        </li>
        <li>
          <strong>Complain</strong> to the Nigeria Data Protection Commission (
          <a href={NDPC_URL} target="_blank" rel="noopener noreferrer">
            ndpc.gov.ng<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          ). We would like the chance to put things right first.
        </li>
      </ul>
      <p>
        To use any right, write to <a href={`mailto:${LEGAL_CONTACT.privacy}`}>{LEGAL_CONTACT.privacy}</a> from the
        e-mail address of your account. We answer within 30 days.
      </p>

      <h2>Security</h2>
      <p>
        Every request travels over HTTPS. Each account sees only its own data and that of the workspaces it was invited
        to, as its role there allows. Passwords, session tokens and codes are stored only as hashes. If a breach puts
        your rights at risk, we tell the Commission within 72 hours and tell you without delay.
      </p>

      <h2>Children</h2>
      <p>Vox is for people aged 18 and over. We do not knowingly keep data about children.</p>

      <h2>Changes</h2>
      <p>
        When we change this notice we change the date at the top, and tell account holders by e-mail before a change
        that matters takes effect. See also our <Link to={PATHS.terms}>Terms of service</Link>.
      </p>
    </article>
  );
}
