import { COUNTRIES } from '../lib/enquiry';

interface Props {
  /** The id prefix of the form: "popup" → popup-phone, popup-country. */
  prefix: string;
  country: string;
  phone: string;
  onCountry: (code: string) => void;
  onPhone: (value: string) => void;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * The phone number with its country: the list posts the country's code ("in") beside the number
 * as typed, and the server stores both with the number in E.164. Without JavaScript the list
 * shows the site's default country and posts with the form.
 */
export function PhoneField({ prefix, country, phone, onCountry, onPhone, required, invalid, describedBy }: Props) {
  return (
    <div className="phone-input">
      <label htmlFor={`${prefix}-country`} className="visually-hidden">Country code</label>
      <select id={`${prefix}-country`} name="country" value={country} onChange={(e) => onCountry(e.target.value)}>
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code.toUpperCase()} {c.dial}
          </option>
        ))}
      </select>
      <input
        id={`${prefix}-phone`}
        name="phone"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        required={required}
        value={phone}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onPhone(e.target.value)}
      />
    </div>
  );
}
