package intake

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
)

// Upload writes one object to the intake as a page does (S3's POST Object with the policy's
// fields): for tests and the bench, which play the page. It answers the store's status and body.
func Upload(ctx context.Context, p Policy, key string, body []byte, extra map[string]string) (int, string, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fields := map[string]string{"key": key}
	for k, v := range p.Fields {
		fields[k] = v
	}
	for k, v := range extra {
		fields[k] = v
	}
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			return 0, "", err
		}
	}
	part, err := w.CreateFormFile("file", "enquiry.json")
	if err != nil {
		return 0, "", err
	}
	if _, err := part.Write(body); err != nil {
		return 0, "", err
	}
	if err := w.Close(); err != nil {
		return 0, "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.URL, &buf)
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", fmt.Errorf("upload %s: %w", key, err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	return res.StatusCode, string(data), nil
}
