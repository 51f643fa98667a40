import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { ExternalLink } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { getSiteInfo, siteLink } from '../../../lib/publish';
import { useLoad } from '../../../lib/use-load';
import { ImageInput } from '../../../components/ImageInput';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { getPublishedBlog, updatePublishedBlog } from '../api/blogs';
import { BlogFieldsForm, validateBlog, type BlogDraft, type BlogErrors } from './BlogFieldsForm';

export const BLOG_FETCH_FAILED = 'Failed to fetch blog. Please try again.';
export const BLOG_UPDATE_FAILED = 'Failed to update blog.';

/** Edits a published blog; the server rebuilds its pages on save. */
export function EditBlogPage() {
  const { slug = '' } = useParams();
  const { data: blog, error, loading, setData } = useLoad(() => getPublishedBlog(slug), [slug]);
  const [draft, setDraft] = useState<BlogDraft | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<BlogErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [liveUrl, setLiveUrl] = useState('');

  useEffect(() => {
    if (!blog) return;
    setDraft({
      title: blog.title,
      category: blog.category,
      content: blog.content,
      metaTitle: blog.metaTitle,
      metaDescription: blog.metaDescription,
      focusKeyword: blog.focusKeyword,
    });
    let live = true;
    void getSiteInfo().then((info) => live && setLiveUrl(siteLink(info.siteUrl, `/blog/${blog.slug}/`)));
    return () => {
      live = false;
    };
  }, [blog]);

  if (loading && !blog) return <Spinner />;
  if (error || !blog || !draft) {
    return (
      <>
        <PageHeader title="Edit blog" />
        {error ? (
          <p className="card form-error" role="alert">
            {BLOG_FETCH_FAILED}
          </p>
        ) : (
          <Spinner />
        )}
      </>
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateBlog(draft, { content: true });
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    const form = new FormData();
    form.append('title', draft.title.trim());
    form.append('content', draft.content);
    form.append('category', draft.category.trim());
    form.append('metaTitle', draft.metaTitle.trim());
    form.append('metaDescription', draft.metaDescription.trim());
    form.append('keyword', draft.focusKeyword.trim());
    if (image) form.append('image', image);
    setSubmitting(true);
    try {
      const res = await updatePublishedBlog(slug, form);
      toast.success(res.message || 'Blog updated successfully!', liveUrl ? { href: liveUrl, label: 'Open the live page' } : undefined);
      setImage(null);
      setData(res.blog);
    } catch (err) {
      if (!isSessionError(err)) toast.error(`${BLOG_UPDATE_FAILED} ${errorMessage(err, '')}`.trim());
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Edit blog"
        intro="Changes go live on the website as soon as you update."
        actions={
          liveUrl && (
            <a className="btn btn-secondary" href={liveUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={18} aria-hidden="true" /> View live page
            </a>
          )
        }
      />
      <form className="card form" onSubmit={onSubmit} noValidate>
        <BlogFieldsForm
          values={draft}
          errors={errors}
          contentRequired
          keywordLabel="Keyword"
          onChange={(patch) => setDraft((d) => (d ? { ...d, ...patch } : d))}
        />
        <ImageInput label="Cover image" current={blog.image} file={image} onFile={setImage} hint="Choose a file to replace the picture." />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? 'Submitting...' : 'Update blog'}
          </button>
        </div>
      </form>
    </>
  );
}
