import { LegalDocument } from "~/components/sections/legal-document";
import { privacyPage } from "~/content/privacy";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/privacy", matches);

export default function Privacy() {
  return <LegalDocument document={privacyPage} />;
}
