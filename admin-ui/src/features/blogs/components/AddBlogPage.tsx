import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { ImageInput } from '../../../components/ImageInput';
import { PageHeader } from '../../../components/PageHeader';
import { createPreviewBlog } from '../api/blogs';
import { BlogFieldsForm, EMPTY_BLOG, validateBlog, type BlogDraft, type BlogErrors } from './BlogFieldsForm';

export const BLOG_SAVED = 'Blog saved! Check it in the preview section.';
export const BLOG_SAVE_FAILED = 'Failed to save blog.';

export function AddBlogPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<BlogDraft>(EMPTY_BLOG);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<BlogErrors>({});
  const [failure, setFailure] = useState('');
  const [adding, setAdding] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure('');
    const found = validateBlog(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    const form = new FormData();
    form.append('title', values.title.trim());
    form.append('content', values.content);
    form.append('category', values.category.trim());
    form.append('metaTitle', values.metaTitle.trim());
    form.append('metaDescription', values.metaDescription.trim());
    form.append('focusKeyword', values.focusKeyword.trim());
    if (image) form.append('image', image);
    setAdding(true);
    try {
      const res = await createPreviewBlog(form);
      toast.success(BLOG_SAVED);
      navigate(`/admin/preview-blog/${encodeURIComponent(res.blog.slug)}`);
    } catch (err) {
      setAdding(false);
      if (isSessionError(err)) return;
      // 409 (slug taken), 413 and 415 carry a message worth reading; anything else is the plain one.
      const message = errorMessage(err, BLOG_SAVE_FAILED);
      const shown = /^Request failed|internal error/i.test(message) ? BLOG_SAVE_FAILED : message;
      setFailure(shown === BLOG_SAVE_FAILED ? shown : `${BLOG_SAVE_FAILED} ${shown}`);
      toast.error(BLOG_SAVE_FAILED);
    }
  };

  return (
    <>
      <PageHeader title="Add Blog" intro="A new post is saved as a preview first. Publish it from its preview page." />
      <form className="card form" onSubmit={onSubmit} noValidate>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <BlogFieldsForm values={values} errors={errors} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
        <ImageInput label="Cover image (optional)" file={image} onFile={setImage} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={adding}>
            {adding ? 'Adding...' : 'Add Blog'}
          </button>
        </div>
      </form>
    </>
  );
}
