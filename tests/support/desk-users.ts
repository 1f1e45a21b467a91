import { user, userRoles } from "../../db/schema";
import type { Db } from "~/lib/db/db.server";

/** The lead desk's cast in its tests: two admins, Ama and Ben, and Vic, a visitor. */
export async function seedDeskUsers(db: Db): Promise<void> {
  await db.insert(user).values([
    { id: "ama", name: "Ama Admin", email: "ama@example.test" },
    { id: "ben", name: "Ben Admin", email: "ben@example.test" },
    { id: "vic", name: "Vic Visitor", email: "vic@example.test" },
  ]);
  await db.insert(userRoles).values([
    { user_id: "ama", role: "admin" },
    { user_id: "ben", role: "admin" },
  ]);
}
