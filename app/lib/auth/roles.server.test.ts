import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { user, userRoles } from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import {
  grantAdmin,
  grantAdminIfListed,
  isAdmin,
  listAdmins,
  revokeAdmin,
  syncAdminEmails,
  UnknownAccountError,
} from "~/lib/auth/roles.server";

describe.each(testBackends)("roles on %s", (backend) => {
  const database = useTestDatabase(backend, [user]);
  beforeEach(async () => {
    await database.db.insert(user).values([
      { id: "u-ada", name: "Ada", email: "ada@example.com", emailVerified: true },
      { id: "u-bob", name: "Bob", email: "bob@example.com", emailVerified: false },
      { id: "u-cy", name: "Cy", email: "cy@example.com", emailVerified: true },
    ]);
  });

  it("reads the role from user_roles on every call", async () => {
    const { db } = database;
    expect(await isAdmin(db, "u-ada")).toBe(false);
    expect(await grantAdmin(db, "ADA@example.com ")).toMatchObject({
      changed: true,
      account: { id: "u-ada" },
    });
    expect(await isAdmin(db, "u-ada")).toBe(true);
    expect((await grantAdmin(db, "ada@example.com")).changed).toBe(false);
    expect(await revokeAdmin(db, "ada@example.com")).toMatchObject({ changed: true });
    expect(await isAdmin(db, "u-ada")).toBe(false);
    expect((await revokeAdmin(db, "ada@example.com")).changed).toBe(false);
  });

  it("ignores roles other than admin", async () => {
    await database.db.insert(userRoles).values({ user_id: "u-ada", role: "editor" });
    expect(await isAdmin(database.db, "u-ada")).toBe(false);
  });

  it("refuses unknown addresses and changes nothing", async () => {
    await expect(grantAdmin(database.db, "nobody@example.com")).rejects.toBeInstanceOf(UnknownAccountError);
    await expect(revokeAdmin(database.db, "nobody@example.com")).rejects.toBeInstanceOf(UnknownAccountError);
    expect(await database.db.select().from(userRoles)).toEqual([]);
  });

  it("lists admins by address", async () => {
    await grantAdmin(database.db, "cy@example.com");
    await grantAdmin(database.db, "ada@example.com");
    expect((await listAdmins(database.db)).map((admin) => admin.email)).toEqual([
      "ada@example.com",
      "cy@example.com",
    ]);
  });

  it("grants ADMIN_EMAILS to verified users only, at start", async () => {
    const listed = ["ada@example.com", "bob@example.com", "nobody@example.com"];
    expect(await syncAdminEmails(database.db, listed)).toBe(1);
    expect(await isAdmin(database.db, "u-ada")).toBe(true);
    expect(await isAdmin(database.db, "u-bob")).toBe(false);
    expect(await syncAdminEmails(database.db, listed)).toBe(0);
    expect(await syncAdminEmails(database.db, [])).toBe(0);
  });

  it("grants ADMIN_EMAILS at verification", async () => {
    expect(
      await grantAdminIfListed(database.db, { id: "u-cy", email: "Cy@Example.com" }, ["cy@example.com"]),
    ).toBe(true);
    expect(
      await grantAdminIfListed(database.db, { id: "u-ada", email: "ada@example.com" }, ["cy@example.com"]),
    ).toBe(false);
    expect(await isAdmin(database.db, "u-cy")).toBe(true);
    expect(await isAdmin(database.db, "u-ada")).toBe(false);
  });

  it("drops the role with the account", async () => {
    await grantAdmin(database.db, "ada@example.com");
    await database.db.delete(user).where(eq(user.id, "u-ada"));
    expect(await database.db.select().from(userRoles)).toEqual([]);
  });
});
