// UCI options: the list the engine announces, with types, defaults and ranges, and their values.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace sparring {

class Options {
 public:
  enum Type { CHECK, SPIN, COMBO, BUTTON, STRING };
  struct Option {
    std::string name;
    Type type;
    std::string defaultValue;
    long long min = 0, max = 0;
    std::vector<std::string> choices;  // for COMBO
    std::string value;
    std::function<void(const Option&)> onChange;
    long long as_int() const { return std::stoll(value); }
    bool as_bool() const { return value == "true"; }
  };

  void add_check(const std::string& name, bool def, std::function<void(const Option&)> onChange = {});
  void add_spin(const std::string& name, long long def, long long min, long long max,
                std::function<void(const Option&)> onChange = {});
  void add_combo(const std::string& name, const std::string& def, std::vector<std::string> choices,
                 std::function<void(const Option&)> onChange = {});
  void add_button(const std::string& name, std::function<void(const Option&)> onChange);
  void add_string(const std::string& name, const std::string& def, std::function<void(const Option&)> onChange = {});

  // Sets an option by name (case-insensitive). Returns an empty string, or a message for the GUI
  // (unknown name, bad value, value clamped to the range); a bad value leaves the option as it was.
  std::string set(const std::string& name, const std::string& value);
  // Changes a value without calling its onChange (when one option implies another).
  void set_quietly(const std::string& name, const std::string& value);
  const Option* find(const std::string& name) const;
  std::string announce() const;  // the `option name ... type ...` lines for `uci`

 private:
  Option* find_mutable(const std::string& name);
  std::vector<Option> options;
};

}  // namespace sparring
