import {
  Award, BadgeCheck, Baby, Banknote, BookOpen, Briefcase, Building2, Calendar, Camera, Car, ChartColumn,
  ChartLine, CircleCheck, Clock, Code, Coffee, Compass, Cpu, Dumbbell, Eye, Factory, Film, Flower2, Gauge, Gem,
  Globe, GraduationCap, Hammer, Handshake, Headphones, Heart, HeartPulse, Hotel, House, Landmark, Laptop, Layers,
  Leaf, Lightbulb, Mail, MapPin, Medal, Megaphone, MessageCircle, MonitorSmartphone, MousePointerClick, Music,
  Palette, PenTool, Phone, PiggyBank, Plane, Presentation, Rocket, Scale, School, Search, Send, Share2, ShieldCheck,
  Shirt, ShoppingBag, ShoppingCart, Smartphone, Sofa, Sparkles, Star, Stethoscope, Store, Sun, Tag, Target,
  ThumbsUp, TrendingUp, Trophy, Truck, UserCheck, Users, Utensils, Wallet, Wrench, Zap,
  type LucideIcon,
} from './lucide';

// A curated set rather than lucide's whole table, so the server bundle stays small. Content names
// icons in kebab case ("heart-pulse") or Pascal case ("HeartPulse"); unknown names fall back to Sparkles.
const table: Record<string, LucideIcon> = {
  award: Award, 'badge-check': BadgeCheck, baby: Baby, banknote: Banknote, 'book-open': BookOpen,
  briefcase: Briefcase, building: Building2, 'building-2': Building2, calendar: Calendar, camera: Camera, car: Car,
  'bar-chart': ChartColumn, 'bar-chart-3': ChartColumn, 'chart-column': ChartColumn, 'line-chart': ChartLine,
  'chart-line': ChartLine, 'check-circle': CircleCheck, 'circle-check': CircleCheck, clock: Clock, code: Code,
  coffee: Coffee, compass: Compass, cpu: Cpu, dumbbell: Dumbbell, eye: Eye, factory: Factory, film: Film,
  flower: Flower2, 'flower-2': Flower2, gauge: Gauge, gem: Gem, globe: Globe, 'graduation-cap': GraduationCap,
  hammer: Hammer, handshake: Handshake, headphones: Headphones, heart: Heart, 'heart-pulse': HeartPulse,
  hotel: Hotel, home: House, house: House, landmark: Landmark, laptop: Laptop, layers: Layers, leaf: Leaf,
  lightbulb: Lightbulb, mail: Mail, 'map-pin': MapPin, medal: Medal, megaphone: Megaphone,
  'message-circle': MessageCircle, 'monitor-smartphone': MonitorSmartphone, 'mouse-pointer-click': MousePointerClick,
  music: Music, palette: Palette, 'pen-tool': PenTool, phone: Phone, 'piggy-bank': PiggyBank, plane: Plane,
  presentation: Presentation, rocket: Rocket, scale: Scale, school: School, search: Search, send: Send,
  'share-2': Share2, share: Share2, 'shield-check': ShieldCheck, shirt: Shirt, 'shopping-bag': ShoppingBag,
  'shopping-cart': ShoppingCart, smartphone: Smartphone, sofa: Sofa, sparkles: Sparkles, star: Star,
  stethoscope: Stethoscope, store: Store, sun: Sun, tag: Tag, target: Target, 'thumbs-up': ThumbsUp,
  'trending-up': TrendingUp, trophy: Trophy, truck: Truck, 'user-check': UserCheck, users: Users,
  utensils: Utensils, wallet: Wallet, wrench: Wrench, zap: Zap,
};

/** Kebab-cases "HeartPulse" / "heart_pulse" / "Heart Pulse" to "heart-pulse". */
export function iconKey(name: string): string {
  return (name || '')
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

export function iconFor(name: string): LucideIcon {
  return table[iconKey(name)] ?? Sparkles;
}

export function Icon({ name, size = 24, className }: { name: string; size?: number; className?: string }) {
  const C = iconFor(name);
  return <C size={size} className={className} aria-hidden="true" />;
}

export const iconNames = Object.keys(table);
