import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("equipment", "routes/equipment.tsx"),
  route("equipment/:id", "routes/equipment.detail.tsx"),
  route("services", "routes/services.tsx"),
  route("services/gold-intermediary", "routes/services.gold-intermediary.tsx"),
  route("services/equipment-rental", "routes/services.equipment-rental.tsx"),
  route("services/equipment-sales", "routes/services.equipment-sales.tsx"),
  route("services/kyc-aml", "routes/services.kyc-aml.tsx"),
  route("services/licensing-support", "routes/services.licensing-support.tsx"),
  route("services/consultation", "routes/services.consultation.tsx"),
  route("services/ghana-licensing", "routes/services.ghana-licensing.tsx"),
  route("licensing", "routes/services.ghana-licensing.tsx", { id: "routes/licensing" }),
  route("faqs", "routes/faqs.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.ts"),
  route("auth/verify-email", "routes/auth.verify-email.ts"),
  route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/two-factor", "routes/auth.two-factor.tsx"),
  // Pathless layouts: their middleware guards every route below them (pages,
  // actions, downloads, the event stream), and each child keeps its full path.
  // A route under /account or /dashboard goes inside its layout
  // (app/routes.test.ts fails otherwise).
  layout("routes/account.layout.tsx", [
    route("account", "routes/account.tsx"),
    route("account/two-factor", "routes/account.two-factor.tsx"),
    route("account/data", "routes/account.data.ts"),
    route("account/delete", "routes/account.delete.tsx"),
  ]),
  layout("routes/dashboard.layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("dashboard/export.csv", "routes/dashboard.export-csv.ts"),
    route("dashboard/events", "routes/dashboard.events.ts"),
    route("dashboard/inquiries/:id", "routes/dashboard.inquiries.detail.tsx"),
    route("dashboard/bulk", "routes/dashboard.bulk.tsx"),
    route("dashboard/privacy", "routes/dashboard.privacy.tsx"),
    route("dashboard/privacy/export.json", "routes/dashboard.privacy.export-json.ts"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
