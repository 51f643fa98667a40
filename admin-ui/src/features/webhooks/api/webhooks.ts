import { api } from '../../../lib/api-client';

export type WebhookEvent = 'enquiry.created' | 'content.published';

export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  format: 'json' | 'slack';
  secret: string;
  createdBy: string;
  createdAt: string;
}

export interface Delivery {
  id: number;
  eventId: string;
  event: string;
  endpointId: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAt?: string;
  lastStatus?: number;
  lastError?: string;
  createdAt: string;
  deliveredAt?: string;
}

export const listWebhooks = () => api.get<Webhook[]>('/api/webhooks');
export const addWebhook = (url: string, events: WebhookEvent[], format: Webhook['format']) =>
  api.post<{ message: string; webhook: Webhook }>('/api/webhooks', { url, events, format });
export const removeWebhook = (id: string) => api.del<{ message: string }>(`/api/webhooks/${encodeURIComponent(id)}`);
export const testWebhook = (id: string) => api.post<{ message: string }>(`/api/webhooks/${encodeURIComponent(id)}/test`);
export const listDeliveries = () => api.get<Delivery[]>('/api/webhooks/deliveries?limit=50');
export const retryDelivery = (id: number) => api.post<{ message: string }>(`/api/webhooks/deliveries/${id}/retry`);
