import { LegalDocument } from "~/components/sections/legal-document";
import { privacyPage } from "~/content/privacy";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/privacy", privacyPage.meta, matches);

export default function Privacy() {
  return <LegalDocument document={privacyPage} />;
}
