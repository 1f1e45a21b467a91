import { previewUpload } from "~/lib/uploads/upload-download.server";
import type { Route } from "./+types/dashboard.inquiries.upload-preview";

export function loader({ params, context }: Route.LoaderArgs) {
  return previewUpload(context, params);
}
