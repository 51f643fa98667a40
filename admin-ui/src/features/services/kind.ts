import { Briefcase } from 'lucide-react';
import { defineKind } from '../content/kind';

/** Services: listed at /OurServices, each at /{slug}/; a picture is required. */
export const serviceKind = defineKind({
  noun: 'service',
  Noun: 'Service',
  plural: 'services',
  key: 'services',
  icon: Briefcase,
  body: { field: 'description', label: 'Description', placeholder: 'Describe the service…' },
  api: { published: '/api/services', preview: '/api/preview-services', record: 'service', publishSendsCreatedAt: true },
  routes: { add: '/admin/add-service', preview: '/admin/preview-services', edit: '/admin/edit-service' },
  site: { page: (slug) => `/${slug}/`, list: '/OurServices/', listName: 'the services page' },
  image: { required: true },
  form: {
    showSlug: true,
    // SPEC §5: meta fields are disabled on the service preview edit form.
    previewMetaDisabled: true,
    // SPEC §4: back after 2 seconds (to the dashboard: the spec's /services is a public page).
    editRedirectMs: 2000,
  },
  messages: {
    saveFailed: 'Failed to add service.',
    previewUpdateFailed: (reason) => (reason ? `Update failed: ${reason}` : 'Failed to update service. Please try again.'),
  },
});
