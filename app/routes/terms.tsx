import { LegalDocument } from "~/components/sections/legal-document";
import { termsPage } from "~/content/terms";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/terms", termsPage.meta, matches);

export default function Terms() {
  return <LegalDocument document={termsPage} />;
}
