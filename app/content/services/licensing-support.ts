import { brandTitle, company, primaryCta, secondaryCta } from "../company";
import { contactHref } from "../inquiry-options";
import { ACT_703_REFORM_NOTE, LICENCE_TERMS, PROCESSING_TIMES } from "../licensing-facts";
import type { FeatureCard, Notice, ServicePageContent } from "../types";

const page = {
  meta: {
    title: brandTitle("Mining Licensing Support"),
    description:
      "Practical support for Ghana mining licence applications: eligibility checks, document preparation, Minerals Commission liaison, environmental permits and renewals.",
  },
  hero: {
    badge: "Licensing Support",
    title: "Mining Licence Applications, Handled Properly",
    subtitle:
      "We help operators and investors prepare complete, accurate applications for Ghanaian mineral rights, follow them through the Minerals Commission and stay compliant once the licence is granted.",
    ctas: [
      primaryCta("Discuss Your Application", contactHref("licensing-support")),
      secondaryCta("Read the Ghana Licensing Guide", "/services/ghana-licensing"),
    ],
  },
  servicesIntro: {
    title: "How We Support You",
    description: "Support at every stage of the licence life cycle, from first eligibility check to renewal.",
  },
  services: [
    {
      title: "Application Preparation",
      icon: "FileText",
      description:
        "We confirm eligibility, check the cadastre for the area you want and assemble a complete application pack.",
      features: [
        "Eligibility and structure review",
        "Cadastral availability search",
        "Technical and financial documents",
      ],
    },
    {
      title: "Regulatory Liaison",
      icon: "Landmark",
      description:
        "We track your application with the Minerals Commission, the Environmental Protection Authority and district offices, and coordinate responses to queries.",
      features: [
        "Submission and follow-up",
        "Site inspection coordination",
        "Community and landowner engagement support",
      ],
    },
    {
      title: "Compliance and Renewals",
      icon: "CalendarClock",
      description:
        "Once granted, we help you meet reporting, rent, permit and renewal obligations so the licence stays in good standing.",
      features: ["Compliance calendar", "Quarterly and annual reporting support", "Renewal applications"],
    },
  ] satisfies readonly FeatureCard[],
  licenceTypesIntro: {
    title: "Licence Types We Support",
    description: `The right licence depends on the size of the operation, the stage of exploration and who is applying. ${ACT_703_REFORM_NOTE}`,
  },
  licenceTypes: [
    {
      title: "Small Scale",
      area: "Up to 25 acres",
      validity: LICENCE_TERMS.smallScale,
      description:
        "For small-scale mining operations by Ghanaian citizens. Applications go through the district office of the Minerals Commission.",
      requirements: [
        "Applicant must be a Ghanaian citizen aged 18 or over, or a group or co-operative of Ghanaian citizens",
        "Registration with the district office of the Minerals Commission",
        "Site plan and coordinates of the proposed area",
        "Environmental permit from the Environmental Protection Authority",
        "Evidence of landowner and community consent",
      ],
      cost: "An application fee and annual ground rent based on the area held, set by the Minerals Commission’s current schedule, plus separate environmental permit fees. We confirm the applicable amounts when we scope your application.",
    },
    {
      title: "Large Scale",
      area: "Above 25 acres",
      validity: LICENCE_TERMS.miningLease,
      description:
        "A mining lease for commercial-scale production, usually following a prospecting programme that has defined a mineable deposit.",
      requirements: [
        "Company incorporated in Ghana, with GIPC registration where there is foreign participation",
        "Feasibility study and mining operating plan",
        "Environmental impact assessment and environmental permit",
        "Evidence of technical competence and financial capacity",
        "Local content, community development and resettlement plans where relevant",
      ],
      cost: "Application and grant fees, an annual mineral right fee and ground rent, and royalties on production at the rate set by law, together with the Government of Ghana’s free carried interest. Exact figures depend on the lease area and the current regulations.",
    },
    {
      title: "Reconnaissance",
      validity: LICENCE_TERMS.reconnaissance,
      description:
        "For regional, non-invasive exploration such as geological mapping, geochemical sampling and airborne surveys ahead of a prospecting licence.",
      requirements: [
        "Company registered in Ghana, with GIPC registration where there is foreign participation",
        "Proposed work programme and budget",
        "Map and coordinates of the reconnaissance area",
        "Evidence of technical expertise and financial resources",
      ],
      cost: "A modest application and processing fee with an annual fee linked to the area, set by the Minerals Commission. Costs are mainly driven by the work programme itself.",
    },
  ],
  citizenshipNotice: {
    title: "Small-scale licences are reserved for Ghanaians",
    tone: "info",
    body: "Under the Minerals and Mining Act, 2006 (Act 703), small-scale mining licences may only be granted to Ghanaian citizens, and non-Ghanaians may not take part in small-scale mining. International investors should look at the reconnaissance, prospecting and mining lease routes, which we can advise on.",
  } satisfies Notice,
  processIntro: {
    title: "Our Licensing Process",
    description: "A structured seven-step approach that keeps your application complete and on track.",
  },
  process: [
    {
      step: 1,
      title: "Initial Consultation",
      description:
        "We review your objectives, eligibility and preferred area, and recommend the right licence type.",
    },
    {
      step: 2,
      title: "Cadastral Search and Site Review",
      description:
        "We confirm the area is available on the Minerals Commission cadastre and assess access, land ownership and communities.",
    },
    {
      step: 3,
      title: "Document Preparation",
      description:
        "Corporate, technical, financial and environmental documents are prepared and checked against the Commission’s requirements.",
    },
    {
      step: 4,
      title: "Environmental Permitting",
      description:
        "We coordinate the environmental assessment and permit application with the Environmental Protection Authority.",
    },
    {
      step: 5,
      title: "Application Submission",
      description:
        "The complete application is filed with the Minerals Commission and all prescribed fees are paid directly to the authorities.",
    },
    {
      step: 6,
      title: "Review and Follow-Up",
      description:
        "We respond to queries, coordinate site inspections and keep you informed as the application moves through review.",
    },
    {
      step: 7,
      title: "Grant and Compliance Setup",
      description:
        "On grant, we help you register the licence, meet its conditions and set up a compliance calendar for reporting and renewals.",
    },
  ],
  timelinesIntro: {
    title: "Typical Processing Timelines",
    description:
      "From submission of a complete application to grant. Timelines depend on the authorities’ workload and how quickly queries are answered.",
  },
  timelines: [
    {
      licence: "Small Scale",
      duration: PROCESSING_TIMES.smallScale,
      note: "Including district registration and environmental permit.",
    },
    {
      licence: "Large Scale",
      duration: PROCESSING_TIMES.miningLease,
      note: "Driven largely by the environmental impact assessment.",
    },
    {
      licence: "Reconnaissance",
      duration: PROCESSING_TIMES.reconnaissance,
      note: "Shortest route, as no ground disturbance is involved.",
    },
  ],
  guideLink: {
    label: "Read our full Ghana Licensing Guide",
    href: "/services/ghana-licensing",
  },
  cta: {
    title: "Start your licence application with confidence",
    description: `Tell us about your project and we will outline the right licence route, the documents you need and a realistic timeline within ${company.responsePromise}.`,
    ctas: [
      primaryCta("Request Licensing Support", contactHref("licensing-support")),
      secondaryCta("Ghana Licensing Guide", "/services/ghana-licensing"),
    ],
  },
};

export const licensingSupportPage = {
  ...page,
  sections: [
    { id: "services", intro: page.servicesIntro, blocks: [{ kind: "features", items: page.services }] },
    {
      id: "licence-types",
      intro: page.licenceTypesIntro,
      blocks: [
        { kind: "licences", licences: page.licenceTypes },
        { kind: "notices", notices: [page.citizenshipNotice] },
      ],
    },
    { id: "process", intro: page.processIntro, blocks: [{ kind: "steps", steps: page.process }] },
    {
      id: "timelines",
      intro: page.timelinesIntro,
      blocks: [{ kind: "timelines", timelines: page.timelines, guide: page.guideLink }],
    },
  ],
} satisfies ServicePageContent;
