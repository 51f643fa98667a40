// Records as the API answers them, for the content screens' tests.

export const blogRecord = {
  _id: 'b1',
  title: 'Spring checklist',
  slug: 'spring-checklist',
  content: '<p>Plant keywords.</p>',
  category: 'SEO',
  image: '/uploads/cover.png',
  metaTitle: 'Spring | DR',
  metaDescription: 'Short.',
  focusKeyword: 'spring',
  createdAt: '2025-03-01T10:00:00Z',
};

export const serviceRecord = {
  _id: 's1',
  title: 'Local SEO',
  slug: 'local-seo',
  description: '<p>Be found nearby.</p>',
  category: 'SEO',
  image: '/uploads/s.png',
  metaTitle: 'Local SEO | DR',
  metaDescription: 'Nearby.',
  focusKeyword: 'local seo',
  createdAt: '2025-03-02T10:00:00Z',
};
