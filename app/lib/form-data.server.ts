import { data } from "react-router";

export const UNREADABLE_FORM_MESSAGE =
  "Your form could not be read. Please reload the page and send it again.";

/**
 * The submitted form, or a 400 the error page explains. Request.formData()
 * throws on a body no browser form produces (a truncated upload, a
 * multipart body without its boundary); that is the client's error, not a
 * fault of the site.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
  }
}
