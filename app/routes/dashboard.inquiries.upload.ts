import { downloadUpload } from "~/lib/uploads/upload-download.server";
import type { Route } from "./+types/dashboard.inquiries.upload";

export function loader({ params, context }: Route.LoaderArgs) {
  return downloadUpload(context, params);
}
