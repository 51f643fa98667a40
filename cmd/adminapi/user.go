package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/store"
)

// newUserCommand is `adminapi user` and its subcommands, one constructor each.
func newUserCommand(dbPath *string) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "user",
		Short: "Manage accounts: admins and editors",
		Long: `Manage the accounts that may sign in to the admin area.

An admin may do everything. An editor writes, edits and previews drafts and uploads images;
an admin publishes them. There is always at least one admin: the last one can be neither
removed nor made an editor. Every change is recorded in the audit log under the name of the
operator running the command. While the server runs it holds the database: stop it first, or
manage people in the admin UI (People).`,
	}
	cmd.AddCommand(newUserAddCommand(dbPath), newUserListCommand(dbPath), newUserRemoveCommand(dbPath),
		newUserRoleCommand(dbPath), newUserPasswdCommand(dbPath))
	return cmd
}

// usernameFlag adds the required --username of a subcommand that names one account.
func usernameFlag(cmd *cobra.Command, who *string) {
	cmd.Flags().StringVar(who, "username", "", "username (required)")
	_ = cmd.MarkFlagRequired("username")
}

func newUserAddCommand(dbPath *string) *cobra.Command {
	var username, email, roleName string
	var create bool
	cmd := &cobra.Command{
		Use:   "add",
		Short: "Add an account (password from ADMIN_PASSWORD or a prompt)",
		Long: `Add an account to the database of --db. A missing database is refused (a mistyped --db would
otherwise start an empty one): --create makes it, for the first admin of a new server.`,
		Example: `  ADMIN_PASSWORD=… adminapi user add --db /var/lib/digitalreeviver/site.db --create --username priya --email priya@example.com
  adminapi user add --username ravi --email ravi@example.com --role editor`,
		RunE: func(cmd *cobra.Command, args []string) error {
			role, err := domain.ParseRole(roleName)
			if err != nil {
				return errors.New(domain.ErrorMessage(err))
			}
			return withPassword(*dbPath, create, func(db *store.DB, password string) error {
				a, err := operator.CreateAccount(db, username, email, password, role)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s %q (%s) added\n", a.Role, a.Username, a.Email)
				return operator.Audit(db, domain.AuditAdd, "account", a.Username, "as "+string(a.Role))
			})
		},
	}
	usernameFlag(cmd, &username)
	cmd.Flags().StringVar(&email, "email", "", "e-mail address, for password resets (required)")
	cmd.Flags().StringVar(&roleName, "role", string(domain.RoleAdmin), "admin or editor")
	cmd.Flags().BoolVar(&create, "create", false, "make the database when there is none (the first account of a new server)")
	_ = cmd.MarkFlagRequired("email")
	return cmd
}

func newUserListCommand(dbPath *string) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the accounts with their e-mail address and role",
		RunE: func(cmd *cobra.Command, args []string) error {
			return listAccounts(cmd.OutOrStdout(), *dbPath)
		},
	}
}

func newUserRemoveCommand(dbPath *string) *cobra.Command {
	var who string
	cmd := &cobra.Command{
		Use:   "remove",
		Short: "Remove an account (its sessions end at once; the last admin cannot be removed)",
		RunE: func(cmd *cobra.Command, args []string) error {
			return withDomainErrors(*dbPath, func(db *store.DB) error {
				a, err := operator.RemoveAccount(db, who)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s %q removed\n", domain.RoleOf(a.Role), a.Username)
				return operator.Audit(db, domain.AuditRemove, "account", a.Username, "")
			})
		},
	}
	usernameFlag(cmd, &who)
	return cmd
}

func newUserRoleCommand(dbPath *string) *cobra.Command {
	var who, newRole string
	cmd := &cobra.Command{
		Use:     "role",
		Short:   "Make an account an admin or an editor (the last admin stays an admin)",
		Example: "  adminapi user role --username ravi --role admin",
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := domain.ParseRole(newRole)
			if err != nil {
				return errors.New(domain.ErrorMessage(err))
			}
			return withDomainErrors(*dbPath, func(db *store.DB) error {
				a, from, err := operator.SetRole(db, who, r)
				if err != nil {
					return err
				}
				if from == r {
					fmt.Fprintf(cmd.OutOrStdout(), "%q is already an %s\n", a.Username, r)
					return nil
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%q is now an %s (was %s)\n", a.Username, r, from)
				return operator.Audit(db, domain.AuditRoleChange, "account", a.Username, string(from)+" → "+string(r))
			})
		},
	}
	usernameFlag(cmd, &who)
	cmd.Flags().StringVar(&newRole, "role", "", "admin or editor (required)")
	_ = cmd.MarkFlagRequired("role")
	return cmd
}

func newUserPasswdCommand(dbPath *string) *cobra.Command {
	var who string
	cmd := &cobra.Command{
		Use:   "passwd",
		Short: "Set an account's password (from ADMIN_PASSWORD or a prompt); earlier sign-ins are revoked",
		RunE: func(cmd *cobra.Command, args []string) error {
			return withPassword(*dbPath, false, func(db *store.DB, password string) error {
				if err := operator.SetPassword(db, who, password); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "password of %q changed\n", who)
				return operator.Audit(db, domain.AuditPassword, "account", domain.NormalizeUsername(who), "set at the command line")
			})
		},
	}
	usernameFlag(cmd, &who)
	return cmd
}
