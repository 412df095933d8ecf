import { Link } from "react-router-dom";
import { PATHS } from "../paths.ts";
import { DocumentTitle } from "../ui/document-title.tsx";

export function Component() {
  return (
    <article className="narrow prose">
      <DocumentTitle>About · Vox</DocumentTitle>
      <p className="eyebrow">About Vox</p>
      <h1>We build voice tools for people whose work is words</h1>
      <p className="lead">
        Vox started in a Lagos PR agency, where a single press briefing could take a day to transcribe, summarise and
        turn into a release. We built the tools we wished we had, and now offer them to every communicator.
      </p>
      <h2>Who Vox is for</h2>
      <p>
        Public-relations and communication teams, journalists and publishers, creators, educators and businesses who
        speak to an audience and need that speech captured, understood and reused quickly.
      </p>
      <h2>What we believe</h2>
      <ul>
        <li>Good tools should be paid for in the currency you earn in, so Vox is priced in naira.</li>
        <li>Your recordings are your organisation's property: private by default, deleted when you ask.</li>
        <li>
          AI drafts, people decide. Every result is a starting point for your judgement, not a replacement for it.
        </li>
      </ul>
      <p>
        <Link to={PATHS.solutions}>Explore our solutions</Link> or <Link to={PATHS.pricing}>see pricing</Link>.
      </p>
    </article>
  );
}
