// Lucide icons as plain function components, generated from lucide-react's per-icon data.
// lucide-react's own components rebuild their attribute objects on every render (forwardRef, context,
// class merging): a third of the server's render time. These render the same SVG for a fraction of it.
// Add an icon: one import and one export line below.
import { createElement } from 'react';
import * as iArrowLeft from 'lucide-react/icons/arrow-left';
import * as iArrowRight from 'lucide-react/icons/arrow-right';
import * as iAward from 'lucide-react/icons/award';
import * as iBaby from 'lucide-react/icons/baby';
import * as iBadgeCheck from 'lucide-react/icons/badge-check';
import * as iBanknote from 'lucide-react/icons/banknote';
import * as iBookOpen from 'lucide-react/icons/book-open';
import * as iBriefcase from 'lucide-react/icons/briefcase';
import * as iBuilding2 from 'lucide-react/icons/building-complex';
import * as iCalendar from 'lucide-react/icons/calendar';
import * as iCalendarCheck from 'lucide-react/icons/calendar-check';
import * as iCalendarDays from 'lucide-react/icons/calendar-days';
import * as iCamera from 'lucide-react/icons/camera';
import * as iCar from 'lucide-react/icons/car';
import * as iChartColumn from 'lucide-react/icons/chart-column';
import * as iChartLine from 'lucide-react/icons/chart-line';
import * as iChevronDown from 'lucide-react/icons/chevron-down';
import * as iChevronLeft from 'lucide-react/icons/chevron-left';
import * as iChevronRight from 'lucide-react/icons/chevron-right';
import * as iCircleCheck from 'lucide-react/icons/circle-check';
import * as iClock from 'lucide-react/icons/clock';
import * as iCode from 'lucide-react/icons/code';
import * as iCoffee from 'lucide-react/icons/coffee';
import * as iCompass from 'lucide-react/icons/compass';
import * as iCpu from 'lucide-react/icons/cpu';
import * as iDumbbell from 'lucide-react/icons/dumbbell';
import * as iEye from 'lucide-react/icons/eye';
import * as iFactory from 'lucide-react/icons/factory';
import * as iFilm from 'lucide-react/icons/film';
import * as iFlower2 from 'lucide-react/icons/flower-2';
import * as iGauge from 'lucide-react/icons/gauge';
import * as iGem from 'lucide-react/icons/gem';
import * as iGlobe from 'lucide-react/icons/globe';
import * as iGraduationCap from 'lucide-react/icons/graduation-cap';
import * as iHammer from 'lucide-react/icons/hammer';
import * as iHandshake from 'lucide-react/icons/handshake';
import * as iHeadphones from 'lucide-react/icons/headphones';
import * as iHeart from 'lucide-react/icons/heart';
import * as iHeartPulse from 'lucide-react/icons/heart-pulse';
import * as iHotel from 'lucide-react/icons/hotel';
import * as iHouse from 'lucide-react/icons/house';
import * as iLandmark from 'lucide-react/icons/landmark';
import * as iLaptop from 'lucide-react/icons/laptop';
import * as iLayers from 'lucide-react/icons/layers';
import * as iLeaf from 'lucide-react/icons/leaf';
import * as iLightbulb from 'lucide-react/icons/lightbulb';
import * as iMail from 'lucide-react/icons/mail';
import * as iMapPin from 'lucide-react/icons/map-pin';
import * as iMedal from 'lucide-react/icons/medal';
import * as iMegaphone from 'lucide-react/icons/megaphone';
import * as iMenu from 'lucide-react/icons/menu';
import * as iMessageCircle from 'lucide-react/icons/message-circle';
import * as iMonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import * as iMousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import * as iMusic from 'lucide-react/icons/eighth-notes';
import * as iNewspaper from 'lucide-react/icons/newspaper';
import * as iPalette from 'lucide-react/icons/palette';
import * as iPause from 'lucide-react/icons/pause';
import * as iPenTool from 'lucide-react/icons/pen-tool';
import * as iPhone from 'lucide-react/icons/phone';
import * as iPiggyBank from 'lucide-react/icons/piggy-bank';
import * as iPlane from 'lucide-react/icons/plane';
import * as iPlay from 'lucide-react/icons/play';
import * as iPlus from 'lucide-react/icons/plus';
import * as iPresentation from 'lucide-react/icons/presentation';
import * as iRocket from 'lucide-react/icons/rocket';
import * as iScale from 'lucide-react/icons/scale';
import * as iSchool from 'lucide-react/icons/school';
import * as iSearch from 'lucide-react/icons/search';
import * as iSend from 'lucide-react/icons/send';
import * as iShare2 from 'lucide-react/icons/share-2';
import * as iShieldCheck from 'lucide-react/icons/shield-check';
import * as iShirt from 'lucide-react/icons/shirt';
import * as iShoppingBag from 'lucide-react/icons/shopping-bag';
import * as iShoppingCart from 'lucide-react/icons/shopping-cart';
import * as iSmartphone from 'lucide-react/icons/smartphone';
import * as iSofa from 'lucide-react/icons/sofa';
import * as iSparkles from 'lucide-react/icons/sparkles';
import * as iStar from 'lucide-react/icons/star';
import * as iStethoscope from 'lucide-react/icons/stethoscope';
import * as iStore from 'lucide-react/icons/store';
import * as iSun from 'lucide-react/icons/sun';
import * as iTag from 'lucide-react/icons/tag';
import * as iTarget from 'lucide-react/icons/target';
import * as iThumbsUp from 'lucide-react/icons/thumbs-up';
import * as iTrendingUp from 'lucide-react/icons/trending-up';
import * as iTrophy from 'lucide-react/icons/trophy';
import * as iTruck from 'lucide-react/icons/truck';
import * as iUserCheck from 'lucide-react/icons/user-check';
import * as iUsers from 'lucide-react/icons/users';
import * as iUtensils from 'lucide-react/icons/utensils';
import * as iWallet from 'lucide-react/icons/wallet';
import * as iWrench from 'lucide-react/icons/wrench';
import * as iX from 'lucide-react/icons/x';
import * as iZap from 'lucide-react/icons/zap';

type IconNode = [string, Record<string, string>][];
type IconModule = { __iconData: { name: string; node: IconNode } };
export interface IconProps { size?: number; className?: string; 'aria-hidden'?: boolean | 'true' | 'false' }
export type LucideIcon = (props: IconProps) => React.ReactElement;

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** An icon's shapes as markup, written as React writes them (attributes in order, escaped alike). */
export function shapesMarkup(node: IconNode): string {
  return node
    .map(([tag, attrs]) => {
      let out = '<' + tag;
      for (const [k, v] of Object.entries(attrs)) {
        if (k !== 'key') out += ` ${k}="${String(v).replace(/[&"'<>]/g, (c) => ATTR_ESCAPES[c])}"`;
      }
      return `${out}></${tag}>`;
    })
    .join('');
}

function icon(mod: unknown): LucideIcon {
  const { name, node } = (mod as IconModule).__iconData;
  // The shapes are one string inside the <svg>, made once: as elements they were a quarter of the
  // elements React renders on a page (a calendar icon alone is eleven).
  const shapes = { __html: shapesMarkup(node) };
  const base = `lucide lucide-${name}`;
  // Fill, stroke and the line caps come from the .lucide rule of styles.css: on every icon they were
  // a sixth of home's HTML, gzipped. Icons are decorative (aria-hidden); buttons carry a text label.
  return function LucideSvg({ size = 24, className }: IconProps) {
    return createElement('svg', {
      width: size, height: size, viewBox: '0 0 24 24', className: className ? `${base} ${className}` : base, 'aria-hidden': 'true',
      dangerouslySetInnerHTML: shapes,
    });
  };
}

export const ArrowLeft = /* @__PURE__ */ icon(iArrowLeft);
export const ArrowRight = /* @__PURE__ */ icon(iArrowRight);
export const Award = /* @__PURE__ */ icon(iAward);
export const Baby = /* @__PURE__ */ icon(iBaby);
export const BadgeCheck = /* @__PURE__ */ icon(iBadgeCheck);
export const Banknote = /* @__PURE__ */ icon(iBanknote);
export const BookOpen = /* @__PURE__ */ icon(iBookOpen);
export const Briefcase = /* @__PURE__ */ icon(iBriefcase);
export const Building2 = /* @__PURE__ */ icon(iBuilding2);
export const Calendar = /* @__PURE__ */ icon(iCalendar);
export const CalendarCheck = /* @__PURE__ */ icon(iCalendarCheck);
export const CalendarDays = /* @__PURE__ */ icon(iCalendarDays);
export const Camera = /* @__PURE__ */ icon(iCamera);
export const Car = /* @__PURE__ */ icon(iCar);
export const ChartColumn = /* @__PURE__ */ icon(iChartColumn);
export const ChartLine = /* @__PURE__ */ icon(iChartLine);
export const ChevronDown = /* @__PURE__ */ icon(iChevronDown);
export const ChevronLeft = /* @__PURE__ */ icon(iChevronLeft);
export const ChevronRight = /* @__PURE__ */ icon(iChevronRight);
export const CircleCheck = /* @__PURE__ */ icon(iCircleCheck);
export const Clock = /* @__PURE__ */ icon(iClock);
export const Code = /* @__PURE__ */ icon(iCode);
export const Coffee = /* @__PURE__ */ icon(iCoffee);
export const Compass = /* @__PURE__ */ icon(iCompass);
export const Cpu = /* @__PURE__ */ icon(iCpu);
export const Dumbbell = /* @__PURE__ */ icon(iDumbbell);
export const Eye = /* @__PURE__ */ icon(iEye);
export const Factory = /* @__PURE__ */ icon(iFactory);
export const Film = /* @__PURE__ */ icon(iFilm);
export const Flower2 = /* @__PURE__ */ icon(iFlower2);
export const Gauge = /* @__PURE__ */ icon(iGauge);
export const Gem = /* @__PURE__ */ icon(iGem);
export const Globe = /* @__PURE__ */ icon(iGlobe);
export const GraduationCap = /* @__PURE__ */ icon(iGraduationCap);
export const Hammer = /* @__PURE__ */ icon(iHammer);
export const Handshake = /* @__PURE__ */ icon(iHandshake);
export const Headphones = /* @__PURE__ */ icon(iHeadphones);
export const Heart = /* @__PURE__ */ icon(iHeart);
export const HeartPulse = /* @__PURE__ */ icon(iHeartPulse);
export const Hotel = /* @__PURE__ */ icon(iHotel);
export const House = /* @__PURE__ */ icon(iHouse);
export const Landmark = /* @__PURE__ */ icon(iLandmark);
export const Laptop = /* @__PURE__ */ icon(iLaptop);
export const Layers = /* @__PURE__ */ icon(iLayers);
export const Leaf = /* @__PURE__ */ icon(iLeaf);
export const Lightbulb = /* @__PURE__ */ icon(iLightbulb);
export const Mail = /* @__PURE__ */ icon(iMail);
export const MapPin = /* @__PURE__ */ icon(iMapPin);
export const Medal = /* @__PURE__ */ icon(iMedal);
export const Megaphone = /* @__PURE__ */ icon(iMegaphone);
export const Menu = /* @__PURE__ */ icon(iMenu);
export const MessageCircle = /* @__PURE__ */ icon(iMessageCircle);
export const MonitorSmartphone = /* @__PURE__ */ icon(iMonitorSmartphone);
export const MousePointerClick = /* @__PURE__ */ icon(iMousePointerClick);
export const Music = /* @__PURE__ */ icon(iMusic);
export const Newspaper = /* @__PURE__ */ icon(iNewspaper);
export const Palette = /* @__PURE__ */ icon(iPalette);
export const Pause = /* @__PURE__ */ icon(iPause);
export const PenTool = /* @__PURE__ */ icon(iPenTool);
export const Phone = /* @__PURE__ */ icon(iPhone);
export const PiggyBank = /* @__PURE__ */ icon(iPiggyBank);
export const Plane = /* @__PURE__ */ icon(iPlane);
export const Play = /* @__PURE__ */ icon(iPlay);
export const Plus = /* @__PURE__ */ icon(iPlus);
export const Presentation = /* @__PURE__ */ icon(iPresentation);
export const Rocket = /* @__PURE__ */ icon(iRocket);
export const Scale = /* @__PURE__ */ icon(iScale);
export const School = /* @__PURE__ */ icon(iSchool);
export const Search = /* @__PURE__ */ icon(iSearch);
export const Send = /* @__PURE__ */ icon(iSend);
export const Share2 = /* @__PURE__ */ icon(iShare2);
export const ShieldCheck = /* @__PURE__ */ icon(iShieldCheck);
export const Shirt = /* @__PURE__ */ icon(iShirt);
export const ShoppingBag = /* @__PURE__ */ icon(iShoppingBag);
export const ShoppingCart = /* @__PURE__ */ icon(iShoppingCart);
export const Smartphone = /* @__PURE__ */ icon(iSmartphone);
export const Sofa = /* @__PURE__ */ icon(iSofa);
export const Sparkles = /* @__PURE__ */ icon(iSparkles);
export const Star = /* @__PURE__ */ icon(iStar);
export const Stethoscope = /* @__PURE__ */ icon(iStethoscope);
export const Store = /* @__PURE__ */ icon(iStore);
export const Sun = /* @__PURE__ */ icon(iSun);
export const Tag = /* @__PURE__ */ icon(iTag);
export const Target = /* @__PURE__ */ icon(iTarget);
export const ThumbsUp = /* @__PURE__ */ icon(iThumbsUp);
export const TrendingUp = /* @__PURE__ */ icon(iTrendingUp);
export const Trophy = /* @__PURE__ */ icon(iTrophy);
export const Truck = /* @__PURE__ */ icon(iTruck);
export const UserCheck = /* @__PURE__ */ icon(iUserCheck);
export const Users = /* @__PURE__ */ icon(iUsers);
export const Utensils = /* @__PURE__ */ icon(iUtensils);
export const Wallet = /* @__PURE__ */ icon(iWallet);
export const Wrench = /* @__PURE__ */ icon(iWrench);
export const X = /* @__PURE__ */ icon(iX);
export const Zap = /* @__PURE__ */ icon(iZap);
