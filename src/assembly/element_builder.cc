#include <elements/registry.h>
#include <src/assembly/element_builder.h>

#include <deal.II/base/exceptions.h>

#include <stdexcept>

namespace corot::assembly
{
  std::vector<std::unique_ptr<elements::Element>>
  build_elements(const core::Model &model)
  {
    AssertThrow(model.element_definitions.size() == model.elements.size(),
                dealii::ExcMessage("the model's element definitions are not resolved "
                                   "(deck::ModelFinaliser makes one per element record)"));
    std::vector<std::unique_ptr<elements::Element>> result;
    result.reserve(model.elements.size());
    for (std::size_t i = 0; i < model.elements.size(); ++i)
      {
        const core::ElementRecord       &record = model.elements[i];
        const elements::ElementTypeInfo *info =
          elements::ElementRegistry::instance().find(record.type);
        if (info == nullptr)
          throw core::InputError(record.defined_at, "unknown element type " + record.type);
        try
          {
            result.push_back(info->create(model.element_definitions[i]));
          }
        catch (const core::InputError &)
          {
            throw;
          }
        catch (const std::exception &error)
          {
            throw core::InputError(record.defined_at, error.what());
          }
      }
    return result;
  }
} // namespace corot::assembly
