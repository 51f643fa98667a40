import { FilePlus2 } from 'lucide-react';
import { defineKind } from '../content/kind';

/** Blogs: written in Quill, listed at /blog, each at /blog/{slug}/. */
export const blogKind = defineKind({
  noun: 'blog',
  Noun: 'Blog',
  plural: 'blogs',
  key: 'blogs',
  icon: FilePlus2,
  body: { field: 'content', label: 'Content', placeholder: 'Write the post here…' },
  api: { published: '/api/blogs', preview: '/api/preview-blogs', record: 'blog', previewBody: 'json', editKeyword: 'keyword' },
  routes: { add: '/admin/add-blog', preview: '/admin/preview-blog', edit: '/admin/edit-blog' },
  site: { page: (slug) => `/blog/${slug}/`, list: '/blog/', listName: 'the blog' },
  image: { label: 'Cover image' },
  // SPEC §3: the edit-blog screen calls the focus keyword "keyword".
  form: { categoryHint: 'For example SEO or Social Media.' },
  messages: {
    notFound: 'Blog not found or failed to fetch.',
    loadFailed: 'Failed to fetch blog. Please try again.',
  },
});
