import { api } from '../../../lib/api-client';

export interface Review {
  submittedBy: string;
  submittedAt: string;
  note?: string;
}

export interface ReviewItem {
  kind: string;
  slug: string;
  title: string;
  review: Review;
}

export const reviewQueue = () => api.get<ReviewItem[]>('/api/reviews');
