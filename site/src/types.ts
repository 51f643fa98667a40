// The contract between the Go generator (internal/generator) and the React renderer.
// Go computes every page's props and sends them to the render server as one JSON line:
//   {"id": 1, "page": "home", "route": "/", "site": SiteInfo, "props": HomeProps}
// The server answers {"id": 1, "html": "<div class=site>…</div>", "head": "<link rel=preload…>"}
// or {"id": 1, "error": "…"}. The HTML is the page body only; Go writes the <head> (title, meta,
// canonical, OG, JSON-LD, the CSS and the one client script) and may add "head" (React's preload
// hints for the page's eager images, "" when none) to it.
//
// Go's side of these types is internal/generator/props.go. Neither side is kept in step by hand:
// Go writes dev/fixture.json from its planner's output (TestRendererFixture), and
// contract.test.ts compares every page of it with these types, key by key and value by value.

export interface Link { href: string; label: string }

export interface Address { label: string; lines: string[]; mapUrl?: string }

export interface SiteInfo {
  name: string;            // "Digital Reeviver"
  tagline: string;
  baseUrl: string;         // "https://www.digitalreeviver.com" (no trailing slash)
  phone: string;           // "+91 98XXXXXXXX", as dialled (tel:)
  phoneDisplay: string;
  email: string;
  addresses: Address[];    // Noida, Delhi
  hours: string;           // "9:00am to 6:00pm, Monday to Saturday"
  rating: number;          // 4.9
  ratingOutOf: number;     // 5
  founded: number;         // 2019
  clients: number;         // 150
  social: { name: string; url: string }[];  // name: facebook|instagram|linkedin|youtube|x
  chatUrl: string;         // chat-messaging link (WhatsApp)
  mapEmbedUrl: string;     // iframe src for the contact page
  formEndpoint: string;    // absolute or relative URL that enquiries are POSTed to (e.g. "/popup")
  turnstileSiteKey?: string; // Cloudflare Turnstile's site key: the forms show its widget (no key: no outside script)
  defaultCountry?: string; // site.yaml's: the phone's country ("IN") when the visitor's own is not listed
  servicesMenu: Link[];    // the six Services dropdown links of SPEC §2
  footerLinks: Link[];
  year: number;            // copyright year
  attribution: string;     // content/site.yaml's setting, notice | consent | off: the forms' line, box and fields
  beacon?: string;         // where the page's beacon goes (the form endpoint's server); none: no counting (off, previews)
}

// An image with its intrinsic size. An upload with responsive variants also has a srcset in its
// own format and a source per newer format (AVIF, WebP), best first, for a <picture>.
export interface ImageSource { type: string; srcset: string }
export interface Image { src: string; alt: string; width: number; height: number; srcset?: string; sources?: ImageSource[] }

export interface Slide { title: string; text: string; href: string; image: Image }
export interface ServiceTile { title: string; description: string; href: string; image: Image; tag: string }
export interface Industry { name: string; description: string; icon: string }   // icon: a lucide icon name
export interface Testimonial { text: string; author: string; role: string; image: Image; rating?: number }
export interface Course { name: string; level: string; duration: string; description: string; modules: string[]; href: string; image: Image }
export interface Faq { question: string; answer: string }

// A published blog as a card in lists and carousels.
export interface BlogCard {
  title: string; slug: string; href: string;  // href: /blog/{slug}/, the canonical address (the spec's /preview/blog/{slug}/ redirects there)
  category: string;                           // "Uncategorized" when empty
  excerpt: string;                            // first 100 characters of the plain text
  date: string;                               // ISO 8601
  dateDisplay: string;                        // "12 March 2026"
  image: Image;                               // fallback image when the post has none
}

export interface ServiceCard {
  title: string; slug: string; href: string;  // href: /{slug}
  category: string; excerpt: string; image: Image;
}

export interface Section { id: string; heading: string; html: string }  // markdown-rendered HTML

// Per-page props, selected by the request's "page".
export interface HomeProps {
  slides: Slide[];                 // 6
  about: { heading: string; html: string; image: Image };
  tabs: Link[];                    // Our Services, Our Growth, Our Vision
  services: ServiceTile[];
  industries: Industry[];
  testimonials: Testimonial[];
  posts: BlogCard[];               // newest published posts
  stats: { label: string; value: string }[];
  // Smaller home sections, also shown alone on the section routes:
  // vision, chooseUs, dedicated, whyUs (/whydigitalreeviver), whyServices (/whychooseservices), proof (/provesuccess)
  blocks: Record<string, Block>;
}
export interface Block { heading: string; text: string; items: { title: string; text: string; icon: string }[] }
export interface AboutProps { title: string; intro: string; sections: Section[]; industries: Industry[]; team: { name: string; role: string; image: Image }[]; values: { title: string; text: string }[] }
export interface ContactProps { title: string; intro: string }
// Long blogs are split into archive pages of fixed posts counted from the oldest, so publishing a
// post changes /blog/ and the newest archive page only. heading names the page ("Blog archive,
// page 3"); newerHref/olderHref link the neighbours.
export interface BlogPagination { heading?: string; newerHref?: string; olderHref?: string }  // /blog/ has no heading
export interface BlogListProps { posts: BlogCard[]; pagination?: BlogPagination }
export interface BlogPostProps {
  post: { title: string; slug: string; category: string; html: string; date: string; dateDisplay: string; image: Image };
  related: BlogCard[];
  preview: boolean;                // true when rendered for the admin's preview
}
export interface ServiceListProps { services: ServiceCard[] }
export interface LandingProps {
  slug: string;
  hero: { eyebrow: string; heading: string; text: string; image: Image; cta: Link };  // cta → /contactus "Get Started"
  sections: Section[];
  highlights: { label: string; value: string }[];
  faqs: Faq[];
  service?: { title: string; html: string };       // published service record's description, when any
}
export interface ServicePageProps { service: { title: string; slug: string; category: string; html: string; image: Image }; preview: boolean }
export interface PolicyProps { title: string; updated: string; html: string }
// /search/: the search form (an island), and every searchable page by kind for visitors without
// JavaScript. Posts are many: the newest are listed and the blog archive holds the rest.
export interface SearchGroup { title: string; links: Link[]; more?: Link }
export interface SearchProps { groups: SearchGroup[] }
export interface CoursesProps { courses: Course[]; whyChoose: { title: string; text: string }[]; studentTestimonials: Testimonial[] }
export interface ThankYouProps { title: string; text: string }
export interface NotFoundProps { }
// One section of the home page as a page of its own (/cards, /vision, /testimonials, …).
export interface SectionPageProps { section: string; title: string; home: HomeProps; courses: CoursesProps }

// Each page's props by the page's name, the request's "page".
export interface PageProps {
  home: HomeProps; about: AboutProps; contact: ContactProps; blogList: BlogListProps; blogPost: BlogPostProps;
  serviceList: ServiceListProps; landing: LandingProps; servicePage: ServicePageProps; policy: PolicyProps;
  courses: CoursesProps; section: SectionPageProps; thankYou: ThankYouProps; notFound: NotFoundProps;
  search: SearchProps;
}
export type PageName = keyof PageProps;
