#include <src/io/atomic_file.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace corot::io
{
  void
  write_atomically(const std::string &file_name, const std::function<void(std::ostream &)> &write)
  {
    const std::string aside = file_name + ".tmp";
    {
      std::ofstream out(aside);
      if (!out)
        throw std::runtime_error("cannot open " + aside + " for writing");
      write(out);
      out.flush();
      if (!out)
        throw std::runtime_error("error while writing " + aside);
    }
    if (std::rename(aside.c_str(), file_name.c_str()) != 0)
      throw std::runtime_error("cannot rename " + aside + " to " + file_name);
  }
} // namespace corot::io
