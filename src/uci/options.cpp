#include "options.h"

#include <algorithm>
#include <charconv>

namespace sparring {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower((unsigned char)c));
  return s;
}

const char* type_name(Options::Type t) {
  switch (t) {
    case Options::CHECK: return "check";
    case Options::SPIN: return "spin";
    case Options::COMBO: return "combo";
    case Options::BUTTON: return "button";
    default: return "string";
  }
}

}  // namespace

void Options::add_check(const std::string& name, bool def, std::function<void(const Option&)> f) {
  options.push_back({name, CHECK, def ? "true" : "false", 0, 0, {}, def ? "true" : "false", std::move(f)});
}

void Options::add_spin(const std::string& name, long long def, long long min, long long max,
                       std::function<void(const Option&)> f) {
  options.push_back({name, SPIN, std::to_string(def), min, max, {}, std::to_string(def), std::move(f)});
}

void Options::add_combo(const std::string& name, const std::string& def, std::vector<std::string> choices,
                        std::function<void(const Option&)> f) {
  options.push_back({name, COMBO, def, 0, 0, std::move(choices), def, std::move(f)});
}

void Options::add_button(const std::string& name, std::function<void(const Option&)> f) {
  options.push_back({name, BUTTON, "", 0, 0, {}, "", std::move(f)});
}

void Options::add_string(const std::string& name, const std::string& def, std::function<void(const Option&)> f) {
  options.push_back({name, STRING, def, 0, 0, {}, def, std::move(f)});
}

Options::Option* Options::find_mutable(const std::string& name) {
  std::string key = lower(name);
  for (Option& o : options)
    if (lower(o.name) == key) return &o;
  return nullptr;
}

const Options::Option* Options::find(const std::string& name) const {
  return const_cast<Options*>(this)->find_mutable(name);
}

std::string Options::set(const std::string& name, const std::string& value) {
  Option* o = find_mutable(name);
  if (!o) return "unknown option '" + name + "'";
  std::string note;
  switch (o->type) {
    case CHECK: {
      std::string v = lower(value);
      if (v != "true" && v != "false") return "option " + o->name + " takes true or false, not '" + value + "'";
      o->value = v;
      break;
    }
    case SPIN: {
      long long v = 0;
      const char* end = value.data() + value.size();
      auto [p, ec] = std::from_chars(value.data(), end, v);
      if (p == value.data() || p != end) return "option " + o->name + " takes a number, not '" + value + "'";
      // A number too big for long long is out of range too, and is reported like any other.
      const bool overflow = ec == std::errc::result_out_of_range;
      if (overflow || v < o->min || v > o->max) {
        long long clamped = overflow ? (value[0] == '-' ? o->min : o->max) : std::clamp(v, o->min, o->max);
        note = "option " + o->name + " value " + value + " out of range " + std::to_string(o->min) + ".." +
               std::to_string(o->max) + ", set to " + std::to_string(clamped);
        v = clamped;
      }
      o->value = std::to_string(v);
      break;
    }
    case COMBO: {
      auto it = std::find_if(o->choices.begin(), o->choices.end(),
                             [&](const std::string& c) { return lower(c) == lower(value); });
      if (it == o->choices.end()) return "option " + o->name + " has no choice '" + value + "'";
      o->value = *it;
      break;
    }
    case BUTTON: break;
    case STRING: o->value = value; break;
  }
  if (o->onChange) o->onChange(*o);
  return note;
}

void Options::set_quietly(const std::string& name, const std::string& value) {
  if (Option* o = find_mutable(name)) o->value = value;
}

std::string Options::announce() const {
  std::string out;
  for (const Option& o : options) {
    out += "option name " + o.name + " type " + type_name(o.type);
    if (o.type == BUTTON) {
      out += '\n';
      continue;
    }
    out += " default " + (o.defaultValue.empty() && o.type == STRING ? std::string("<empty>") : o.defaultValue);
    if (o.type == SPIN) out += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
    for (const std::string& c : o.choices) out += " var " + c;
    out += '\n';
  }
  return out;
}

}  // namespace sparring
