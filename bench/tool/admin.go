package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// adminClient calls an admin server's API as one signed-in account.
type adminClient struct {
	base   string
	token  string
	client *http.Client
}

// signIn signs in to the server at base and answers a client with the account's token.
func signIn(base, username, password string) (*adminClient, error) {
	c := &adminClient{base: base, client: &http.Client{Timeout: 300 * time.Second}}
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	resp, err := c.client.Post(base+"/admin/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var login struct{ Token string }
	json.NewDecoder(resp.Body).Decode(&login)
	if login.Token == "" {
		return nil, fmt.Errorf("login: %d", resp.StatusCode)
	}
	c.token = login.Token
	return c, nil
}

// do sends a request with the token and decodes a JSON answer into out (when not nil); an
// answer of 300 or more is an error naming it.
func (c *adminClient) do(method, path, ctype string, body io.Reader, out any) error {
	req, _ := http.NewRequest(method, c.base+path, body)
	req.Header.Set("Authorization", "Bearer "+c.token)
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

// variants answers, by upload name, how many responsive variant files the media library lists
// for each upload (0 until they are made).
func (c *adminClient) variants() (map[string]int, error) {
	var list []struct {
		Name     string `json:"name"`
		Variants int    `json:"variants"`
	}
	if err := c.do("GET", "/api/media", "", nil, &list); err != nil {
		return nil, err
	}
	out := make(map[string]int, len(list))
	for _, it := range list {
		out[it.Name] = it.Variants
	}
	return out, nil
}
