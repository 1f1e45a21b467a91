import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Volta Meridian — Intermediary for Ghana Gold Deals & Mining Equipment" },
  {
    name: "description",
    content:
      "UK-established intermediary for licensed Ghana gold transactions and mining equipment rental and sales. KYC/AML verified.",
  },
];

export default function Home() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-24">
      <h1 className="text-4xl font-bold tracking-tight">
        Your Trusted Intermediary for Gold Deals &amp; Mining Equipment
      </h1>
    </main>
  );
}
